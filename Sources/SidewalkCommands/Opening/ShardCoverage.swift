import Datasets
import PanoCore
import StreetMap
import VectorTiles

/// Where a sharded dataset has imagery, from its shard index alone (docs/maps.md): each shard's
/// box drawn as coverage and named by its count ("120 panoramas"), so the map shows where the
/// walk can go beyond the shards read, without reading them.
struct ShardCoverage: Basemap {
    private let boxes: [MapFeature]
    let attribution = ""

    init(_ index: ShardIndex) {
        boxes = index.shards.compactMap { shard in
            let corners = [(shard.south, shard.west), (shard.north, shard.west), (shard.north, shard.east), (shard.south, shard.east)]
                .compactMap { Coordinate(latitude: $0.0, longitude: $0.1) }
            guard let first = corners.first, corners.count == 4 else { return nil }
            return MapFeature(
                kind: .coverage, name: "\(shard.count) \(shard.count == 1 ? "panorama" : "panoramas")", lines: [corners + [first]])
        }
    }

    func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] {
        boxes.filter { $0.meets(centre, within: metres) }
    }
}

extension PanoramaSelection {
    /// `basemap` with, for a sharded `dataset`, its shards' boxes over it (`ShardCoverage`).
    static func withShardCoverage(_ basemap: (any Basemap)?, of dataset: Dataset?) -> (any Basemap)? {
        guard let index = dataset?.shards else { return basemap }
        return LayeredBasemap([basemap, ShardCoverage(index)].compactMap { $0 })
    }
}
