import PanoCore
import StreetMap
import Testing
import VectorTiles

/// Tiles and archives made to break the decoder: each is refused with a reason or read within
/// bounds, never a trap. Their bytes are also seeds of the `mvt` fuzz target
/// (Tests/FuzzCorpus/mvt/hostile-*).
@Suite("Hostile vector tiles and archives")
struct HostileTileTests {
    /// Protobuf's varint.
    static func varint(_ value: UInt64) -> [UInt8] {
        var (value, bytes) = (value, [UInt8]())
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    /// A length-delimited field.
    static func field(_ number: UInt64, _ body: [UInt8]) -> [UInt8] { varint(number << 3 | 2) + varint(UInt64(body.count)) + body }

    /// A tile of one layer with one line feature whose geometry is `commands`.
    static func tile(commands: [UInt64]) -> [UInt8] {
        let feature = varint(3 << 3) + varint(2) + field(4, commands.flatMap(varint))
        let layer = varint(15 << 3) + varint(2) + field(1, Array("roads".utf8)) + field(2, feature) + varint(5 << 3) + varint(4096)
        return field(3, layer)
    }

    /// Zigzag, as the spec writes a delta.
    static func zigzag(_ value: Int) -> UInt64 { UInt64(bitPattern: Int64(value << 1 ^ value >> 63)) }

    @Test(
        "deltas as low or as high as a varint can say keep the cursor within ±2³⁰",
        arguments: [UInt64.max, UInt64.max - 1, UInt64(1) << 63, (UInt64(1) << 63) - 1])
    func extremeDeltas(delta: UInt64) throws {
        // MoveTo the far corner, then LineTo by the extreme delta, twice, each way.
        let far = -(1 << 30)
        let tile = try VectorTile.decode(
            Self.tile(commands: [9, Self.zigzag(far), Self.zigzag(far), 2 << 3 | 2, delta, delta, delta, delta]))
        let points = try #require(tile.layer("roads")?.features.first?.geometry.first)
        #expect(points.count == 3)
        #expect(points.allSatisfy { abs($0.x) <= 1 << 30 && abs($0.y) <= 1 << 30 })
    }

    /// A PMTiles v3 header (127 bytes) for vector tiles, uncompressed, at zooms `low`…`high`.
    static func pmtilesHeader(low: UInt8, high: UInt8) -> [UInt8] {
        var header = Array("PMTiles".utf8) + [3] + [UInt8](repeating: 0, count: 119)
        header[8] = 127  // the root directory, empty, straight after the header
        (header[97], header[98], header[99], header[100], header[101]) = (1, 1, 1, low, high)
        return header
    }

    @Test("a PMTiles header whose least zoom is above its greatest, or past 30, is refused with its zooms named")
    func zoomsOutOfOrder() {
        for (low, high) in [(14, 3), (0, 31), (255, 255)] as [(UInt8, UInt8)] {
            let bytes = Self.pmtilesHeader(low: low, high: high)
            #expect {
                _ = try PMTilesArchive { offset, length in
                    offset >= 0 && length >= 0 && offset + length <= bytes.count ? Array(bytes[offset..<(offset + length)]) : nil
                }
            } throws: { ($0 as? PMTilesArchive.Failure)?.description.contains("zooms \(low)…\(high)") == true }
        }
        let good = Self.pmtilesHeader(low: 3, high: 14)
        #expect((try? PMTilesArchive { offset, length in Array(good[offset..<(offset + length)]) })?.zooms == 3...14)
    }

    /// A tile of one road whose every point is a MoveTo of its own: `count` one-point lines.
    static func scattered(_ count: Int) -> [UInt8] {
        var commands: [UInt64] = []
        commands.reserveCapacity(3 * count)
        for _ in 0..<count { commands += [9, 2, 2] }
        return tile(commands: commands)
    }

    @Test("a map's tiles of a million one-point lines are refused, and what a map keeps stays within its budget")
    func scatteredPoints() throws {
        let hostile = Self.scattered(1_000_000)
        #expect(hostile.count <= VectorTile.Limits.map.bytes)
        #expect { try VectorTile.decode(hostile, limits: .map) } throws: { "\($0)".contains("too many lines") }
        // Within the limits, as many lines as a map's tile may have: kept, and charged for.
        let busiest = Self.scattered(VectorTile.Limits.map.parts)
        let basemap = LocalTiles(zooms: 14...14, attribution: "test") { _ in busiest }
        let centre = Coordinate(latitude: 46.94, longitude: 7.44)!
        let features = basemap.features(near: centre, within: 2000, metresPerDot: 5)
        #expect(features.count > 0)
        var kept = DecodedTiles()
        let road = try #require(
            OpenMapTiles.features(of: try VectorTile.decode(busiest, limits: .map), at: TileID(z: 14, x: 0, y: 0)).first)
        for x in 0..<200 {
            kept.keep([road], for: TileID(z: 14, x: x, y: 0))
            #expect(kept.bytes <= DecodedTiles.budget)
        }
        #expect(kept[TileID(z: 14, x: 199, y: 0)] != nil && kept[TileID(z: 14, x: 0, y: 0)] == nil, "the newest kept, the oldest let go")
        #expect(road.bytes >= VectorTile.Limits.map.parts * 48, "each line charged for its array and point")
    }
}
