import PanoCore
import StreetModel

extension Dataset {
    /// How far a dataset's source (Panoramax) is asked round a place that had no picture within
    /// the radius asked, metres: one more search, only when the first found nothing.
    package static let sourceNearestRadius = 5_000.0

    /// Shards read, at most, to find the nearest imagery beyond those already read.
    static let nearestShardsRead = 4

    /// Where the nearest imagery to `place` is, for the note that says there is none within
    /// reach: the nearest panorama read, in a sharded dataset also those of the shards whose boxes
    /// are nearer than it (at most `nearestShardsRead` more), and from a source (Panoramax)
    /// those of one wider search (`sourceNearestRadius`). Nil when there is none, or when asking failed: the note
    /// is then said without it.
    package func nearestImagery(to place: Coordinate, source: SourceFilter = .default) -> NearestImagery? {
        var panoramas = service.panoramas.filter { source.admits($0.source) }
        if let source = self.source, panoramas.isEmpty {
            panoramas = (try? source.search(near: place, radius: Self.sourceNearestRadius)) ?? []
        }
        if let shards {
            var best = NearestImagery(from: place, among: panoramas)?.distance ?? .infinity
            let unread = shards.shards(near: place, within: .infinity).filter { !loadedShards.contains($0) && shards.shards[$0].count > 0 }
            for index in unread.prefix(Self.nearestShardsRead) where shards.shards[index].distance(from: place) < best {
                guard let read = try? readShard(shards.shards[index]) else { continue }
                panoramas += read.filter { source.admits($0.source) }
                best = NearestImagery(from: place, among: panoramas)?.distance ?? best
            }
        }
        return NearestImagery(from: place, among: panoramas)
    }
}
