import FoundationEssentials
import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// The shards of a sharded dataset (docs/dataset-format.md, "Sharded datasets"): each a file of
/// panoramas inside a box of latitude and longitude, loaded when the walk comes near it, so a
/// city of a million panoramas opens by reading the index and one shard.
package struct ShardIndex: Equatable, Sendable {
    /// One shard: its file, relative to the dataset, and the box its panoramas lie in.
    package struct Shard: Equatable, Sendable {
        package let path: String
        /// Degrees: south ≤ north, west ≤ east (no box crosses the antimeridian).
        package let south: Double
        package let west: Double
        package let north: Double
        package let east: Double
        /// How many panoramas the shard holds (for `info`).
        package let count: Int

        package init(path: String, south: Double, west: Double, north: Double, east: Double, count: Int) {
            self.path = path
            self.south = south
            self.west = west
            self.north = north
            self.east = east
            self.count = count
        }

        /// Metres from `coordinate` to the nearest point of the box (0 inside it), approximately
        /// (an equirectangular projection at the coordinate's latitude).
        package func distance(from coordinate: Coordinate) -> Double {
            let latitude = min(max(coordinate.latitude, south), north)
            let longitude = min(max(coordinate.longitude, west), east)
            return Coordinate(latitude: latitude, longitude: longitude).map(coordinate.distance(to:)) ?? .infinity
        }

        /// Metres between this box and `other` at their nearest (0 when they touch or overlap),
        /// approximately: the gaps in latitude and longitude, the latter at the gap's latitude.
        package func distance(to other: Shard) -> Double {
            let (low, high) = (max(south, other.south), min(north, other.north))
            let metresPerDegree = Coordinate.earthRadius * .pi / 180
            let gapNorth = max(0, low - high) * metresPerDegree
            let gapEast = max(0, max(west, other.west) - min(east, other.east)) * metresPerDegree * cos((low + high) / 2 * .pi / 180)
            return (gapNorth * gapNorth + gapEast * gapEast).squareRoot()
        }
    }

    package let shards: [Shard]
    /// The names index's vocabulary (`NamesIndex`), a path in the dataset; nil when the dataset
    /// has none (its names are then searched in the shards read).
    package let names: String?

    package init(shards: [Shard], names: String? = nil) {
        self.shards = shards
        self.names = names
    }

    /// Panoramas in all shards.
    package var panoramaCount: Int { shards.reduce(0) { $0 + $1.count } }

    /// Indices of the shards within `metres` of `coordinate`, nearest first.
    package func shards(near coordinate: Coordinate, within metres: Double) -> [Int] {
        shards.indices.map { ($0, shards[$0].distance(from: coordinate)) }
            .filter { $0.1 <= metres }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }

    /// Side of the square cells `ShardWriter` groups panoramas in, degrees of latitude and
    /// longitude (0.01° is about 1.1 km north–south).
    package static let cellDegrees = 0.01

    /// How far round the current panorama shards are loaded, metres: links are tens of metres
    /// long, so a cell's neighbours are loaded well before a walk reaches them.
    package static let loadRadius = 500.0
}
