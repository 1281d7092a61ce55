import PanoCore
import Testing

/// Tile pyramids in memory: the grid's levels, the window a view needs, and rendering from the
/// composed detail against rendering the whole image.
@Suite("Tiled panoramas")
struct TiledRenderingTests {
    /// A panorama with detail at every scale: a hash of each pixel's position, so any blur or
    /// misplaced tile costs decibels.
    static func textured(width: Int) -> RGBImage {
        var image = RGBImage(width: width, height: width / 2)
        for y in 0..<image.height {
            for x in 0..<width {
                let hash = UInt32(truncatingIfNeeded: (x / 3) &* 73_856_093 ^ (y / 3) &* 19_349_663)
                let i = (y * width + x) * 3
                image.pixels[i] = UInt8(truncatingIfNeeded: hash)
                image.pixels[i + 1] = UInt8(truncatingIfNeeded: hash >> 8)
                image.pixels[i + 2] = UInt8(truncatingIfNeeded: x * 255 / width)
            }
        }
        return image
    }

    /// The textured panorama the rendering tests share, 2048 wide, its grid and its tiles: made
    /// once per run.
    static let image = textured(width: 2048)
    static let grid = TileGrid(width: 2048, height: 1024)!
    static let cut = tiles(of: image, grid: grid)

    /// Every tile of every level of `image`, as `sidewalk tile` cuts them.
    static func tiles(of image: RGBImage, grid: TileGrid) -> [TileGrid.Key: RGBImage] {
        var tiles: [TileGrid.Key: RGBImage] = [:]
        var level = image
        for index in stride(from: grid.levelCount - 1, through: 0, by: -1) {
            if index < grid.levelCount - 1 { level = level.halved() }
            for key in grid.keys(level: index) {
                let rect = grid.rect(of: key)!
                tiles[key] = level.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            }
        }
        return tiles
    }

    private func render(_ panorama: EquirectPanorama, _ camera: PanoramaCamera, width: Int = 320, height: Int = 180) -> RGBImage {
        var reprojector = Reprojector()
        var view = RGBImage(width: width, height: height)
        reprojector.render(panorama, camera: camera, into: &view)
        return view
    }

    @Test("a detail layer leaves every pixel outside its window as the image drew it (the pixel after its right edge lost its red)")
    func detailLeavesOutsideAlone() throws {
        let flat = { (width: Int, height: Int, colour: RGB) in
            RGBImage(
                width: width, height: height, pixels: Array(repeating: [colour.r, colour.g, colour.b], count: width * height).flatMap { $0 }
            )
        }
        let (outside, inside) = (RGB(10, 200, 30), RGB(250, 20, 20))
        var panorama = EquirectPanorama(image: flat(512, 256, outside))
        let coverage = try #require(
            PanoramaCoverage(fullWidth: 2048, fullHeight: 1024, left: 900, top: 400, croppedWidth: 300, croppedHeight: 200))
        panorama.detail = DetailLayer(image: flat(300, 200, inside), coverage: coverage)
        for heading in [0.0, 20, -15] {
            let view = render(panorama, PanoramaCamera(heading: heading, pitch: 3))
            var seen: Set<RGB> = []
            for y in 0..<view.height { for x in 0..<view.width { seen.insert(view[x, y]) } }
            #expect(seen == [outside, inside], "heading \(heading): \(seen)")
        }
    }

    @Test("levels halve, rounding up, from the full image down to one no wider than a tile")
    func levels() throws {
        let street = try #require(TileGrid(width: 16384, height: 8192))
        #expect(street.levelSizes.map(\.width) == [512, 1024, 2048, 4096, 8192, 16384])
        #expect(street.matrix(level: 0) == (1, 1))
        #expect(street.matrix(level: 5) == (32, 16))
        let camera = try #require(TileGrid(width: 5376, height: 2688))
        #expect(camera.levelSizes.map(\.width) == [336, 672, 1344, 2688, 5376])
        #expect(camera.matrix(level: 4) == (11, 6))
        let edge = try #require(camera.rect(of: .init(level: 4, row: 5, column: 10)))
        #expect(edge.width == 5376 - 10 * 512 && edge.height == 2688 - 5 * 512)
        #expect(camera.rect(of: .init(level: 4, row: 6, column: 0)) == nil)
        #expect(TileGrid(width: 0, height: 0) == nil)
    }

    @Test("a wide view needs level 0 alone; zooming in asks for a finer level and only the tiles in view")
    func windowFollowsZoom() throws {
        let grid = try #require(TileGrid(width: 16384, height: 8192))
        #expect(TileWindow.forView(grid: grid, camera: PanoramaCamera(zoom: 1), centerHeading: 0, width: 80, height: 40) == nil)
        let near = try #require(
            TileWindow.forView(
                grid: grid, camera: PanoramaCamera(heading: 0, zoom: 5), centerHeading: 0,
                width: 800, height: 450))
        let far = try #require(
            TileWindow.forView(
                grid: grid, camera: PanoramaCamera(heading: 0, zoom: 2), centerHeading: 0,
                width: 800, height: 450))
        #expect(near.level > far.level)
        #expect(near.columnCount * near.rowCount <= TileWindow.defaultMaxTiles)
        // Facing the image's centre: the middle columns and the rows at the horizon.
        let size = grid.levelSizes[near.level]
        let centre = TileGrid.Key(level: near.level, row: size.height / 2 / grid.tileSize, column: size.width / 2 / grid.tileSize)
        #expect(near.keys(in: grid).contains(centre))
        #expect(!near.isWholeLevel(in: grid))
    }

    @Test("a view across the image's left and right edges takes tiles from both ends")
    func windowWrapsRoundTheSeam() throws {
        let grid = try #require(TileGrid(width: 8192, height: 4096))
        // The image's centre faces north, so its edges face south.
        let window = try #require(
            TileWindow.forView(
                grid: grid, camera: PanoramaCamera(heading: 180, zoom: 4), centerHeading: 0,
                width: 640, height: 360))
        let columns = Set(window.keys(in: grid).map(\.column))
        let last = grid.matrix(level: window.level).columns - 1
        #expect(columns.contains(0) && columns.contains(last))
        #expect(columns.count < last + 1)
    }

    /// A 1024-wide image has two 512² tiles at its finest level; a view whose arc starts in the
    /// second and wraps into the first needs both, and a layer of every column begins at column
    /// 0 (it once began at the second, so the view showed the far side of the sphere).
    @Test("a window of every column that wraps round the seam begins at column 0 and shows the whole image's view")
    func wholeLevelWindowAcrossTheSeam() throws {
        let image = Self.textured(width: 1024)
        let grid = try #require(TileGrid(width: 1024, height: 512))
        let tiles = Self.tiles(of: image, grid: grid)
        let camera = PanoramaCamera(heading: 160, zoom: 1)
        let window = try #require(TileWindow.forView(grid: grid, camera: camera, centerHeading: 0, width: 320, height: 180))
        #expect(window.firstColumn == 0 && window.columnCount == 2, "\(window)")
        var tiled = EquirectPanorama(image: tiles[.init(level: 0, row: 0, column: 0)]!)
        tiled.detail = DetailComposer.compose(grid: grid, window: window) { tiles[$0] }.layer
        let sharp = ImageMetrics.psnr(render(tiled, camera), render(EquirectPanorama(image: image), camera))
        #expect(sharp > 40, "the tiles give the whole image's view: \(sharp) dB")
    }

    /// The tiled view must be the plain one: the window's level is the one the whole image's mip
    /// pyramid samples first for the view's finest pixels (it once was one level coarser wherever
    /// the level bias asked for the finer one: 31.6 dB at zoom 1).
    @Test("tiled and plain views agree to 40 dB at every zoom, size and pitch")
    func tiledMatchesPlainEverywhere() throws {
        let (image, grid, tiles) = (Self.image, Self.grid, Self.cut)
        let levelZero = tiles[.init(level: 0, row: 0, column: 0)]!
        var worst = (psnr: Double.infinity, view: "")
        for (width, height) in [(160, 90), (320, 180), (800, 450)] {
            for zoom in [1.0, 1.3, 1.7, 2.4, 3.5, 5] {
                for pitch in [0.0, 35, -60] {
                    let camera = PanoramaCamera(heading: 37, pitch: pitch, zoom: zoom)
                    var tiled = EquirectPanorama(image: levelZero)
                    if let window = TileWindow.forView(grid: grid, camera: camera, centerHeading: 0, width: width, height: height) {
                        tiled.detail = DetailComposer.compose(grid: grid, window: window) { tiles[$0] }.layer
                    }
                    let psnr = ImageMetrics.psnr(
                        render(tiled, camera, width: width, height: height),
                        render(EquirectPanorama(image: image), camera, width: width, height: height))
                    if psnr < worst.psnr { worst = (psnr, "\(width)×\(height), zoom \(zoom), pitch \(pitch)") }
                }
            }
        }
        #expect(worst.psnr >= 40, "the worst view, \(worst.view): \(worst.psnr) dB")
    }

    @Test("looking straight up takes every column of the top rows")
    func windowAtThePole() throws {
        let grid = try #require(TileGrid(width: 8192, height: 4096))
        let window = try #require(
            TileWindow.forView(
                grid: grid, camera: PanoramaCamera(pitch: 90, zoom: 3), centerHeading: 0,
                width: 320, height: 180))
        #expect(window.firstRow == 0)
        #expect(window.columnCount == grid.matrix(level: window.level).columns)
    }

    @Test(
        "a view rendered from level 0 and its window's tiles matches the view of the whole image",
        arguments: [(0.0, 0.0, 5.0), (180.0, 0.0, 4.0), (75.0, 40.0, 3.0), (300.0, -85.0, 5.0)])
    func detailMatchesTheWholeImage(heading: Double, pitch: Double, zoom: Double) throws {
        let (image, grid, tiles) = (Self.image, Self.grid, Self.cut)
        let camera = PanoramaCamera(heading: heading, pitch: pitch, zoom: zoom)
        let window = try #require(TileWindow.forView(grid: grid, camera: camera, centerHeading: 0, width: 320, height: 180))
        var tiled = EquirectPanorama(image: tiles[.init(level: 0, row: 0, column: 0)]!)
        let composed = DetailComposer.compose(grid: grid, window: window) { tiles[$0] }
        #expect(composed.missing.isEmpty)
        tiled.detail = composed.layer
        let reference = render(EquirectPanorama(image: image), camera)
        let levelZeroOnly = render(EquirectPanorama(image: tiles[.init(level: 0, row: 0, column: 0)]!), camera)
        let fromTiles = render(tiled, camera)
        let sharp = ImageMetrics.psnr(fromTiles, reference)
        #expect(sharp > 40, "the tiles give the whole image's view: \(sharp) dB")
        #expect(sharp > ImageMetrics.psnr(levelZeroOnly, reference) + 10)
    }

    @Test("a missing tile is filled from the finest coarser tile loaded, never from level 0 when a nearer level is there")
    func missingTilesFallBackALevel() throws {
        let (image, grid, tiles) = (Self.image, Self.grid, Self.cut)
        let camera = PanoramaCamera(heading: 0, zoom: 5)
        let window = try #require(TileWindow.forView(grid: grid, camera: camera, centerHeading: 0, width: 320, height: 180))
        let levelZero = tiles[.init(level: 0, row: 0, column: 0)]!
        func shown(_ available: (TileGrid.Key) -> Bool) -> (RGBImage, [TileGrid.Key]) {
            var panorama = EquirectPanorama(image: levelZero)
            let composed = DetailComposer.compose(grid: grid, window: window) { available($0) ? tiles[$0] : nil }
            panorama.detail = composed.layer
            return (render(panorama, camera), composed.missing)
        }
        let reference = render(EquirectPanorama(image: image), camera)
        let (complete, _) = shown { _ in true }
        let (oneLevelUp, missing) = shown { $0.level != window.level }
        let (onlyLevelZero, _) = shown { $0.level == 0 }
        #expect(missing.count == window.columnCount * window.rowCount)
        let scores = [complete, oneLevelUp, onlyLevelZero].map { ImageMetrics.psnr($0, reference) }
        #expect(scores[0] > scores[1] && scores[1] > scores[2], "\(scores)")
    }

    @Test("halving averages 2×2 blocks and keeps an odd edge")
    func halving() {
        let image = RGBImage(width: 3, height: 1, pixels: [0, 0, 0, 100, 100, 100, 7, 8, 9])
        let half = image.halved()
        #expect(half.width == 2 && half.height == 1)
        #expect(half.pixels == [50, 50, 50, 7, 8, 9])
    }
}
