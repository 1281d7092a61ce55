#if canImport(Glibc)
import Glibc
#endif

/// The block of tiles of one level that a view needs: the level whose texels are as fine as the
/// view's pixels (or coarser, so the block stays within `maxTiles`), and the columns (wrapping
/// round the sphere) and rows the view's directions fall in.
public struct TileWindow: Equatable, Sendable {
    /// Level in the grid, >= 1 (level 0 is the panorama's own image).
    public let level: Int
    /// First column; the block runs `columnCount` columns from it, wrapping past the last.
    public let firstColumn: Int
    public let columnCount: Int
    public let firstRow: Int
    public let rowCount: Int

    /// Most tiles a window holds by default: 24 tiles of 512² are 25 MB of texels (33 MB with
    /// their mip levels), enough for a 1600×900-pixel view at any zoom.
    public static let defaultMaxTiles = 24

    /// Directions sampled across each side of the view to find the tiles it touches.
    static let samplesPerSide = 17

    /// The tiles of `grid` a `width`×`height`-pixel view through `camera` needs, for a panorama
    /// whose centre faces `centerHeading`; nil when level 0 (the panorama's image) is fine enough.
    /// The level is the one the whole image's mip pyramid would sample first for the view's
    /// finest pixels (its centre), with the renderer's `levelBias`: the finest level whose
    /// texels are no more than 2^−levelBias to a pixel, so the tiled view is the plain one.
    public static func forView(
        grid: TileGrid, camera: PanoramaCamera, centerHeading: Double, width: Int, height: Int,
        maxTiles: Int = defaultMaxTiles, levelBias: Float = Reprojector.defaultLevelBias
    ) -> TileWindow? {
        guard width > 0, height > 0, grid.levelCount > 1 else { return nil }
        let projection = ViewProjection(camera: camera, width: width, height: height)
        // Texels round the circle that match the view's pixels at its centre, times the bias's
        // factor: the pyramid's level ℓ = log2(width / matching) + bias starts at the level
        // whose width is at least matching · 2^−bias.
        let needed = Int((2 * Double.pi * projection.focalLength * pow(2, -Double(levelBias))).rounded(.up))
        let (us, vMin, vMax, seesPole) = footprint(projection, centerHeading: centerHeading)
        var level = grid.level(forWidth: needed)
        while level >= 1 {
            let window = TileWindow(grid: grid, level: level, us: us, vMin: vMin, vMax: vMax, wholeCircle: seesPole)
            if window.columnCount * window.rowCount <= maxTiles { return window }
            level -= 1
        }
        return nil
    }

    /// Every tile of the window, row by row.
    public func keys(in grid: TileGrid) -> [TileGrid.Key] {
        let columns = grid.matrix(level: level).columns
        return (firstRow..<(firstRow + rowCount)).flatMap { row in
            (0..<columnCount).map { TileGrid.Key(level: level, row: row, column: (firstColumn + $0) % columns) }
        }
    }

    /// True when the window holds every tile of its level.
    public func isWholeLevel(in grid: TileGrid) -> Bool {
        let (columns, rows) = grid.matrix(level: level)
        return columnCount == columns && rowCount == rows
    }

    public init(level: Int, firstColumn: Int, columnCount: Int, firstRow: Int, rowCount: Int) {
        self.level = level
        self.firstColumn = firstColumn
        self.columnCount = columnCount
        self.firstRow = firstRow
        self.rowCount = rowCount
    }

    /// The block at `level` covering horizontal fractions `us` (the shortest arc holding them
    /// all, or the whole circle) and vertical fractions `vMin...vMax`.
    private init(grid: TileGrid, level: Int, us: [Double], vMin: Double, vMax: Double, wholeCircle: Bool) {
        let size = grid.levelSizes[level]
        let (columns, rows) = grid.matrix(level: level)
        let tile = Double(grid.tileSize)
        let firstRow = min(Int(vMin * Double(size.height) / tile), rows - 1)
        let lastRow = min(Int(vMax * Double(size.height) / tile), rows - 1)
        let arc = wholeCircle ? nil : Self.shortestArc(us)
        if let arc {
            let first = Int((arc.start * Double(size.width) / tile).rounded(.down))
            let last = Int(((arc.start + arc.length) * Double(size.width) / tile).rounded(.down))
            let count = min(last - first + 1, columns)
            // A block of every column starts at column 0, where a whole level's layer begins.
            self.init(
                level: level, firstColumn: count == columns ? 0 : (first % columns + columns) % columns, columnCount: count,
                firstRow: firstRow, rowCount: lastRow - firstRow + 1)
        } else {
            self.init(level: level, firstColumn: 0, columnCount: columns, firstRow: firstRow, rowCount: lastRow - firstRow + 1)
        }
    }

    /// The horizontal fractions ([0, 1)) and vertical extent ([0, 1], 0 straight up) of the view's
    /// sampled directions, widened by one sample spacing, and whether a pole is in view.
    private static func footprint(_ projection: ViewProjection, centerHeading: Double)
        -> (us: [Double], vMin: Double, vMax: Double, seesPole: Bool)
    {
        var us: [Double] = []
        var (vMin, vMax) = (1.0, 0.0)
        let steps = samplesPerSide - 1
        // One step beyond each edge, so the directions between samples stay inside.
        for j in -1...(steps + 1) {
            for i in -1...(steps + 1) {
                let x = Double(projection.width) * Double(i) / Double(steps)
                let y = Double(projection.height) * Double(j) / Double(steps)
                let seen = projection.orientation(atX: x, y: y)
                us.append(Degrees.wrap360(seen.heading - centerHeading + 180) / 360)
                let v = min(max((90 - seen.pitch) / 180, 0), 1)
                (vMin, vMax) = (min(vMin, v), max(vMax, v))
            }
        }
        let size = (width: Double(projection.width), height: Double(projection.height))
        func inView(_ pole: Orientation) -> Bool {
            guard let point = projection.point(for: pole) else { return false }
            return point.x >= 0 && point.x <= size.width && point.y >= 0 && point.y <= size.height
        }
        let seesNorth = inView(Orientation(heading: 0, pitch: 90))
        let seesSouth = inView(Orientation(heading: 0, pitch: -90))
        if seesNorth { vMin = 0 }
        if seesSouth { vMax = 1 }
        let seesPole = seesNorth || seesSouth
        return (us, vMin, vMax, seesPole)
    }

    /// The shortest arc of the unit circle holding every fraction in `us`: the complement of the
    /// widest gap between neighbours.
    static func shortestArc(_ us: [Double]) -> (start: Double, length: Double)? {
        let sorted = us.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        var gap = first + 1 - last
        var start = first
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > gap {
            gap = b - a
            start = b
        }
        return (start, 1 - gap)
    }
}
