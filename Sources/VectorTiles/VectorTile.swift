/// A Mapbox Vector Tile (mapbox/vector-tile-spec 2.1): layers of features, each a point, line or
/// polygon in the tile's own integer coordinates (0...extent, y down), with properties.
/// Decoded within `Limits`, so a hostile tile costs bounded time and memory.
package struct VectorTile: Sendable {
    package struct Layer: Sendable {
        package var name: String
        /// Coordinates per tile side, > 0 (4096 unless the layer says).
        package var extent: Int
        package var features: [Feature]
    }

    package struct Feature: Sendable {
        package enum Kind: Int, Sendable {
            case unknown = 0, point, line, polygon
        }

        package var kind: Kind
        /// Tags decoded: each key with its value as text (numbers in decimal, booleans as true/false).
        package var properties: [String: String]
        /// Points, lines or rings, in tile coordinates.
        package var geometry: [[TilePoint]]
    }

    /// A point in a tile's coordinates.
    package struct TilePoint: Equatable, Sendable {
        package var x: Int
        package var y: Int

        package init(x: Int, y: Int) {
            (self.x, self.y) = (x, y)
        }
    }

    /// The most a tile may hold.
    package struct Limits: Sendable {
        package var bytes = 4 << 20
        package var layers = 64
        package var features = 100_000
        package var points = 1_000_000
        /// Lines and rings (each MoveTo starts one): a tile of a million one-point lines holds a
        /// million arrays.
        package var parts = 200_000

        package init() {}

        /// What one tile of a street map may hold: a dense city tile of OpenMapTiles is well
        /// under it, and its features take at most about 8 MB (`MapFeature.bytes`).
        package static let map: Limits = {
            var limits = Limits()
            (limits.features, limits.points, limits.parts) = (40_000, 200_000, 40_000)
            return limits
        }()
    }

    package var layers: [Layer]

    /// The layer called `name`, if the tile has it.
    package func layer(_ name: String) -> Layer? {
        layers.first { $0.name == name }
    }

    /// Decodes a tile (uncompressed protobuf bytes).
    package static func decode(_ bytes: [UInt8], limits: Limits = Limits()) throws(TileDataError) -> VectorTile {
        guard bytes.count <= limits.bytes else { throw .init(description: "the tile is over \(limits.bytes) bytes") }
        var budget = Budget(limits: limits)
        var reader = ProtobufReader(bytes[...])
        var layers: [Layer] = []
        while !reader.isAtEnd {
            let (number, value) = try reader.field()
            guard number == 3, case .bytes(let message) = value else { continue }
            layers.append(try decodeLayer(message, budget: &budget))
            guard layers.count <= limits.layers else { throw .init(description: "the tile has over \(limits.layers) layers") }
        }
        return VectorTile(layers: layers)
    }

    /// What is left of the limits as a tile is read.
    struct Budget {
        var features: Int
        var points: Int
        var parts: Int

        init(limits: Limits) {
            (features, points, parts) = (limits.features, limits.points, limits.parts)
        }
    }

    private static func decodeLayer(_ bytes: ArraySlice<UInt8>, budget: inout Budget) throws(TileDataError) -> Layer {
        var reader = ProtobufReader(bytes)
        var name = ""
        var extent = 4096
        var keys: [String] = []
        var values: [String] = []
        var rawFeatures: [ArraySlice<UInt8>] = []
        while !reader.isAtEnd {
            let (number, value) = try reader.field()
            switch (number, value) {
            case (1, .bytes(let text)): name = String(decoding: text, as: UTF8.self)
            case (2, .bytes(let feature)):
                budget.features -= 1
                guard budget.features >= 0 else { throw .init(description: "the tile has too many features") }
                rawFeatures.append(feature)
            case (3, .bytes(let text)): keys.append(String(decoding: text, as: UTF8.self))
            case (4, .bytes(let message)): values.append(try decodeValue(message))
            case (5, .varint(let size)):
                guard size > 0, size <= 1 << 20 else { throw .init(description: "a layer's extent of \(size) is out of range") }
                extent = Int(size)
            default: continue
            }
        }
        var features: [Feature] = []
        for raw in rawFeatures {
            features.append(try decodeFeature(raw, keys: keys, values: values, budget: &budget))
        }
        return Layer(name: name, extent: extent, features: features)
    }

    /// A value message as text: string, float, double, int, uint, sint or bool.
    private static func decodeValue(_ bytes: ArraySlice<UInt8>) throws(TileDataError) -> String {
        var reader = ProtobufReader(bytes)
        var text = ""
        while !reader.isAtEnd {
            switch try reader.field() {
            case (1, .bytes(let string)): text = String(decoding: string, as: UTF8.self)
            case (2, .fixed(let bits)): text = "\(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))"
            case (3, .fixed(let bits)): text = "\(Double(bitPattern: bits))"
            case (4, .varint(let raw)): text = "\(Int64(bitPattern: raw))"
            case (5, .varint(let raw)): text = "\(raw)"
            case (6, .varint(let raw)): text = "\(zigzag(raw))"
            case (7, .varint(let raw)): text = raw != 0 ? "true" : "false"
            default: continue
            }
        }
        return text
    }

    private static func decodeFeature(
        _ bytes: ArraySlice<UInt8>, keys: [String], values: [String], budget: inout Budget
    ) throws(TileDataError) -> Feature {
        var reader = ProtobufReader(bytes)
        var feature = Feature(kind: .unknown, properties: [:], geometry: [])
        var commands: [UInt64] = []
        while !reader.isAtEnd {
            switch try reader.field() {
            case (2, .bytes(let packed)):
                let tags = try ProtobufReader.packed(packed)
                for pair in stride(from: 0, to: tags.count - 1, by: 2) where tags[pair] < keys.count && tags[pair + 1] < values.count {
                    feature.properties[keys[Int(tags[pair])]] = values[Int(tags[pair + 1])]
                }
            case (3, .varint(let kind)): feature.kind = Feature.Kind(rawValue: Int(min(kind, 4))) ?? .unknown
            case (4, .bytes(let packed)): commands = try ProtobufReader.packed(packed)
            default: continue
            }
        }
        feature.geometry = try geometry(commands, closing: feature.kind == .polygon, budget: &budget)
        return feature
    }

    /// The spec's geometry commands (MoveTo 1, LineTo 2, ClosePath 7, each `id | count << 3`,
    /// then zigzag deltas from the cursor) as points, lines or rings.
    static func geometry(_ commands: [UInt64], closing: Bool, budget: inout Budget) throws(TileDataError) -> [[TilePoint]] {
        var parts: [[TilePoint]] = []
        var cursor = TilePoint(x: 0, y: 0)
        var index = 0
        while index < commands.count {
            let command = commands[index] & 7
            let count = Int(min(commands[index] >> 3, UInt64(commands.count)))
            index += 1
            switch command {
            case 1, 2:
                guard index + 2 * count <= commands.count else { throw .init(description: "a geometry command runs past its numbers") }
                budget.points -= count
                guard budget.points >= 0 else { throw .init(description: "the tile has too many points") }
                for step in 0..<count {
                    cursor.x = clamp(cursor.x + clamp(zigzag(commands[index + 2 * step])))
                    cursor.y = clamp(cursor.y + clamp(zigzag(commands[index + 2 * step + 1])))
                    if command == 1 || parts.isEmpty {
                        budget.parts -= 1
                        guard budget.parts >= 0 else { throw .init(description: "the tile has too many lines") }
                        parts.append([])
                    }
                    parts[parts.count - 1].append(cursor)
                }
                index += 2 * count
            case 7:
                if closing, let first = parts.last?.first { parts[parts.count - 1].append(first) }
            default:
                throw .init(description: "geometry command \(command) is not MoveTo, LineTo or ClosePath")
            }
        }
        return parts
    }

    /// Protobuf's zigzag: 0, -1, 1, -2 … from 0, 1, 2, 3 …
    private static func zigzag(_ raw: UInt64) -> Int {
        Int(truncatingIfNeeded: raw >> 1) ^ -Int(truncatingIfNeeded: raw & 1)
    }

    /// Coordinates and deltas kept within ±2³⁰ (a delta can be as low as `Int.min`), so the
    /// sum of a coordinate and a delta is within ±2³¹ and cannot overflow.
    private static func clamp(_ value: Int) -> Int {
        min(max(value, -(1 << 30)), 1 << 30)
    }
}
