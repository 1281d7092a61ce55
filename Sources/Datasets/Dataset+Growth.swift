import StreetModel

/// A part of a dataset read only when the walk comes near it: a shard of a sharded dataset, or
/// one Panoramax picture's item.
package enum DatasetPart: Hashable, Sendable {
    case shard(Int)
    case picture(String)
}

extension Dataset {
    /// What reading more would add around `panorama`: the shards within `ShardIndex.loadRadius`
    /// not read yet, or the Panoramax pictures its ways lead to that were not. Empty when
    /// nothing is missing, or for a dataset read whole. No I/O.
    package func unread(around panorama: Panorama) -> [DatasetPart] {
        if panoramax != nil { return unreadPictures(around: panorama).map(DatasetPart.picture) }
        guard let shards else { return [] }
        return shards.shards(near: panorama.coordinate, within: ShardIndex.loadRadius).filter { !loadedShards.contains($0) }.map(
            DatasetPart.shard)
    }

    /// The dataset with `parts` read too. Blocking: reads files or asks a server.
    package func reading(_ parts: [DatasetPart]) throws(DatasetError) -> Dataset {
        var shardIndices: [Int] = []
        var pictures: [String] = []
        for part in parts {
            switch part {
            case .shard(let index): shardIndices.append(index)
            case .picture(let id): pictures.append(id)
            }
        }
        return try withShards(shardIndices).readingPictures(pictures)
    }
}
