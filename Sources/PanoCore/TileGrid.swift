/// The levels and tiles of a tiled equirectangular panorama (docs/dataset-format.md, "Tiled
/// panoramas"): the finest level is the full image; each coarser level halves it (rounding up)
/// until it is no wider than one tile, and that coarsest level is level 0. Every level is cut
/// into `tileSize`-square tiles from the top-left; tiles on the right and bottom edges may be
/// smaller. Pure geometry: no pixels.
public struct TileGrid: Equatable, Sendable {
    /// One tile: `level` in [0, levelCount), `row` and `column` inside that level's matrix.
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        public let level: Int
        public let row: Int
        public let column: Int

        public init(level: Int, row: Int, column: Int) {
            self.level = level
            self.row = row
            self.column = column
        }

        /// `level/row/column`, as in the tile addresses.
        public var description: String { "\(level)/\(row)/\(column)" }
    }

    /// Width of the finest level, texels, >= 1.
    public let width: Int
    /// Height of the finest level, texels, >= 1.
    public let height: Int
    /// Side of a full tile, texels, >= 16.
    public let tileSize: Int
    /// Sizes of the levels, coarsest (level 0) first.
    public let levelSizes: [(width: Int, height: Int)]

    /// Largest accepted tile side and finest-level side, texels.
    public static let maxTileSize = 4096
    public static let maxSide = 1 << 17

    /// The grid for a `width`×`height` image cut into `tileSize` tiles; nil when a size is out of
    /// range.
    public init?(width: Int, height: Int, tileSize: Int = 512) {
        guard (16...Self.maxTileSize).contains(tileSize), (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
            return nil
        }
        self.width = width
        self.height = height
        self.tileSize = tileSize
        var sizes = [(width: width, height: height)]
        while let last = sizes.last, last.width > tileSize {
            sizes.append(((last.width + 1) / 2, (last.height + 1) / 2))
        }
        levelSizes = sizes.reversed()
    }

    public static func == (lhs: TileGrid, rhs: TileGrid) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.tileSize == rhs.tileSize
    }

    /// Number of levels, >= 1.
    public var levelCount: Int { levelSizes.count }

    /// Tiles across and down `level`, each >= 1.
    public func matrix(level: Int) -> (columns: Int, rows: Int) {
        let size = levelSizes[level]
        return ((size.width + tileSize - 1) / tileSize, (size.height + tileSize - 1) / tileSize)
    }

    /// Where `key` lies in its level, texels; nil when the key is outside the grid.
    public func rect(of key: Key) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard (0..<levelCount).contains(key.level) else { return nil }
        let (columns, rows) = matrix(level: key.level)
        guard (0..<columns).contains(key.column), (0..<rows).contains(key.row) else { return nil }
        let size = levelSizes[key.level]
        let x = key.column * tileSize
        let y = key.row * tileSize
        return (x, y, min(tileSize, size.width - x), min(tileSize, size.height - y))
    }

    /// The coarsest level at least `neededWidth` texels wide, or the finest there is.
    public func level(forWidth neededWidth: Int) -> Int {
        levelSizes.firstIndex { $0.width >= neededWidth } ?? levelCount - 1
    }

    /// Every tile of `level`, row by row.
    public func keys(level: Int) -> [Key] {
        let (columns, rows) = matrix(level: level)
        return (0..<rows).flatMap { row in (0..<columns).map { Key(level: level, row: row, column: $0) } }
    }
}
