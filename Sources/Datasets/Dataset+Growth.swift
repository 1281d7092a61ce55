import PanoCore
import StreetModel

/// A part of a dataset read only when the walk comes near it: a shard of a sharded dataset, or
/// one Panoramax picture's item; or the imagery near a place the map was asked to go to.
package enum DatasetPart: Hashable, Sendable {
    case shard(Int)
    case picture(String)
    case near(Coordinate)
}

extension Dataset {
    /// What reading more would add around `panorama`: the shards within `ShardIndex.loadRadius`
    /// not read yet, or the pictures of its source its ways lead to that were not. Empty when
    /// nothing is missing, or for a dataset read whole. No I/O.
    package func unread(around panorama: Panorama) -> [DatasetPart] {
        if let source { return source.unread(around: panorama, in: service).map(DatasetPart.picture) }
        guard let shards else { return [] }
        return shards.shards(near: panorama.coordinate, within: ShardIndex.loadRadius).filter { !loadedShards.contains($0) }.map(
            DatasetPart.shard)
    }

    /// The dataset with `parts` read too. Blocking: reads files or asks a server.
    package func reading(_ parts: [DatasetPart]) throws(DatasetError) -> Dataset {
        var shardIndices: [Int] = []
        var pictures: [String] = []
        var places: [Coordinate] = []
        for part in parts {
            switch part {
            case .shard(let index): shardIndices.append(index)
            case .picture(let id): pictures.append(id)
            case .near(let place): places.append(place)
            }
        }
        var read = try withShards(shardIndices).readingPictures(pictures)
        for place in places { read = try read.readingImagery(near: place) }
        return read
    }

    /// How far round a place the map asked to go to its imagery is looked for, metres.
    package static let imageryNearRadius = 50.0

    /// The dataset with the imagery within `imageryNearRadius` of `place` read too: the shards
    /// there, or the pictures a search of its source there finds (the nearest one read, so its
    /// ways are known).
    func readingImagery(near place: Coordinate) throws(DatasetError) -> Dataset {
        guard let source else { return try withShards(near: place, within: Self.imageryNearRadius) ?? self }
        let found = try source.search(near: place, radius: Self.imageryNearRadius)
        let known = Set(service.panoramas.map(\.id))
        let added = found.filter { !known.contains($0.id) }
        guard let nearest = found.first else { return self }
        let grown = Dataset(
            folder: folder, remote: remote, name: name, startID: startID,
            service: PanoramaService(panoramas: service.panoramas + added, markers: service.markers), shards: nil, shardSpans: [],
            source: source)
        return try grown.readingPictures([nearest.id])
    }
}
