/// Builds a `DetailLayer` from the tiles of a `TileWindow`: each tile that is loaded is copied in;
/// each that is not is filled from the finest coarser tile that is loaded and covers it (level 0,
/// the panorama's own image, always does), scaled up bilinearly. So a window shows at once what
/// is known and sharpens tile by tile, never going coarser than the frame before.
public enum DetailComposer {
    /// The window's layer, and the keys of its tiles that were not loaded (filled from coarser
    /// ones). `tile` gives a loaded tile, of the size `grid.rect(of:)` says, or nil.
    public static func compose(
        grid: TileGrid, window: TileWindow,
        tile: (TileGrid.Key) -> RGBImage?
    ) -> (layer: DetailLayer, missing: [TileGrid.Key]) {
        let level = window.level
        let keys = window.keys(in: grid)
        let rects = keys.map { grid.rect(of: $0)! }
        let width = rects.prefix(window.columnCount).reduce(0) { $0 + $1.width }
        let height = stride(from: 0, to: rects.count, by: window.columnCount).reduce(0) { $0 + rects[$1].height }
        var image = RGBImage(width: width, height: height)
        var missing: [TileGrid.Key] = []
        var top = 0
        for row in 0..<window.rowCount {
            var left = 0
            for column in 0..<window.columnCount {
                let index = row * window.columnCount + column
                let (key, rect) = (keys[index], rects[index])
                if let loaded = tile(key), loaded.width == rect.width, loaded.height == rect.height {
                    copy(loaded, into: &image, x: left, y: top)
                } else {
                    missing.append(key)
                    fill(&image, x: left, y: top, region: rect, level: level, grid: grid, tile: tile)
                }
                left += rect.width
            }
            top += rects[row * window.columnCount].height
        }
        let size = grid.levelSizes[level]
        let coverage =
            window.isWholeLevel(in: grid)
            ? PanoramaCoverage.full(imageWidth: size.width)
            : PanoramaCoverage(
                fullWidth: size.width, fullHeight: size.height, left: window.firstColumn * grid.tileSize,
                top: window.firstRow * grid.tileSize, croppedWidth: width, croppedHeight: height)!
        return (DetailLayer(image: image, coverage: coverage), missing)
    }

    private static func copy(_ tile: RGBImage, into image: inout RGBImage, x: Int, y: Int) {
        let rowBytes = tile.width * 3
        for row in 0..<tile.height {
            let from = row * rowBytes
            let to = ((y + row) * image.width + x) * 3
            image.pixels.replaceSubrange(to..<(to + rowBytes), with: tile.pixels[from..<(from + rowBytes)])
        }
    }

    /// Fills the window's block at (`x`, `y`), which shows `region` of `level`, from the finest
    /// coarser loaded tile that covers the region's centre.
    private static func fill(
        _ image: inout RGBImage, x: Int, y: Int, region: (x: Int, y: Int, width: Int, height: Int), level: Int,
        grid: TileGrid, tile: (TileGrid.Key) -> RGBImage?
    ) {
        let size = grid.levelSizes[level]
        for coarser in stride(from: level - 1, through: 0, by: -1) {
            let coarse = grid.levelSizes[coarser]
            let scaleX = Double(coarse.width) / Double(size.width)
            let scaleY = Double(coarse.height) / Double(size.height)
            let centreX = (Double(region.x) + Double(region.width) / 2) * scaleX
            let centreY = (Double(region.y) + Double(region.height) / 2) * scaleY
            let key = TileGrid.Key(level: coarser, row: Int(centreY) / grid.tileSize, column: Int(centreX) / grid.tileSize)
            guard let source = tile(key), let sourceRect = grid.rect(of: key),
                source.width == sourceRect.width, source.height == sourceRect.height
            else { continue }
            upsample(
                source, origin: (Double(sourceRect.x), Double(sourceRect.y)), scale: (scaleX, scaleY),
                into: &image, x: x, y: y, region: region)
            return
        }
    }

    /// Bilinear samples of `source` (placed at `origin` in its level) for each texel of `region`,
    /// whose level is `scale` times finer; edges clamp to the source. Weights in 8-bit fixed point,
    /// the columns' taps worked out once for all rows.
    private static func upsample(
        _ source: RGBImage, origin: (x: Double, y: Double), scale: (x: Double, y: Double),
        into image: inout RGBImage, x: Int, y: Int, region: (x: Int, y: Int, width: Int, height: Int)
    ) {
        /// The two source positions a target position falls between, and the weight (0...256) of the second.
        func taps(_ index: Int, scale: Double, origin: Double, count: Int) -> (Int, Int, Int) {
            let position = min(max((Double(index) + 0.5) * scale - 0.5 - origin, 0), Double(count - 1))
            let first = Int(position)
            return (first, min(first + 1, count - 1), Int((position - Double(first)) * 256))
        }
        let columns = (0..<region.width).map { taps(region.x + $0, scale: scale.x, origin: origin.x, count: source.width) }
        let width = image.width
        source.pixels.withUnsafeBufferPointer { from in
            image.pixels.withUnsafeMutableBufferPointer { to in
                for j in 0..<region.height {
                    let (y0, y1, ty) = taps(region.y + j, scale: scale.y, origin: origin.y, count: source.height)
                    let (row0, row1) = (y0 * source.width * 3, y1 * source.width * 3)
                    var out = ((y + j) * width + x) * 3
                    for (x0, x1, tx) in columns {
                        for channel in 0..<3 {
                            let (a, b) = (Int(from[row0 + x0 * 3 + channel]), Int(from[row0 + x1 * 3 + channel]))
                            let (c, d) = (Int(from[row1 + x0 * 3 + channel]), Int(from[row1 + x1 * 3 + channel]))
                            let upper = a * 256 + (b - a) * tx
                            let lower = c * 256 + (d - c) * tx
                            to[out + channel] = UInt8((upper * 256 + (lower - upper) * ty + 32768) >> 16)
                        }
                        out += 3
                    }
                }
            }
        }
    }
}
