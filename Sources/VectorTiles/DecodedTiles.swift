import StreetMap

/// Tiles of a street map kept decoded, so a map that pans reads only the tiles it has not shown,
/// charged by the memory their features take (`MapFeature.bytes`) and kept within `budget`, the
/// tiles kept longest let go first. One tile is at most `VectorTile.Limits.map`, about 8 MB, so
/// the budget holds the 9 tiles a map of fetched tiles reads at once (were one let go, the map
/// would fetch it again, for ever).
package struct DecodedTiles: Sendable {
    /// The most bytes the kept tiles' features take, 96 MiB.
    package static let budget = 96 << 20
    /// What a tile is charged at least, however little it holds, so that empty tiles are few.
    static let leastCharge = 1024

    /// Each tile kept: its features, what it is charged, and its place in `order`.
    private var tiles: [TileID: (features: [MapFeature], bytes: Int, place: Int)] = [:]
    /// Tiles in the order they were kept, oldest first, from `oldest` on; a tile kept again
    /// stands here twice, and counts at its later place.
    private var order: [TileID] = []
    private var oldest = 0
    /// Bytes charged for the tiles kept.
    package private(set) var bytes = 0

    package init() {}

    /// The features of `tile`, when it is kept.
    package subscript(tile: TileID) -> [MapFeature]? { tiles[tile]?.features }

    /// Keeps `features` as `tile`'s, then lets the oldest tiles go until within `budget`.
    package mutating func keep(_ features: [MapFeature], for tile: TileID) {
        if let earlier = tiles.removeValue(forKey: tile) { bytes -= earlier.bytes }
        let charge = Self.charge(features)
        tiles[tile] = (features, charge, order.count)
        order.append(tile)
        bytes += charge
        while bytes > Self.budget, oldest < order.count - 1 {
            let gone = order[oldest]
            oldest += 1
            guard let kept = tiles[gone], kept.place == oldest - 1 else { continue }
            bytes -= kept.bytes
            tiles[gone] = nil
        }
    }

    /// What `features` are charged.
    static func charge(_ features: [MapFeature]) -> Int {
        max(leastCharge, features.reduce(0) { $0 + $1.bytes })
    }
}
