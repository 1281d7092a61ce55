import Dispatch
import Locking
import PanoCore
import PanoImage
import StreetModel
import SystemIO

/// Decoded panoramas kept in memory within a byte budget, least recently used out first, and
/// decoded in the background before they are needed: stepping to a linked panorama then shows
/// it without a decode pause, and memory stays bounded however far you walk.
package final class PanoramaCache: Sendable {
    /// Decodes a panorama, and says the widest it could be decoded (pixels round the circle);
    /// injected so tests can count and control decoding.
    package typealias Loader = @Sendable (Panorama) throws(PanoramaError) -> (panorama: EquirectPanorama, widest: Int)

    /// Most bytes of decoded panoramas kept (one panorama larger than this is still kept alone).
    package let byteBudget: Int
    /// Most neighbours decoded ahead.
    package let prefetchLimit: Int

    private let load: Loader
    private let queue: BlockingQueue
    /// Where `load` decodes what is wanted now: one at a time, beside at most one prefetch.
    private let foreground = BlockingQueue(name: "sidewalk-load")
    private let state: Locked<State>

    /// What the cache holds; only ever touched inside `state`'s lock.
    private struct State: ~Copyable {
        var entries: [String: EquirectPanorama] = [:]
        /// For each id decoded here, the widest its image could be decoded.
        var widest: [String: Int] = [:]
        /// Ids from least to most recently used.
        var recency: [String] = []
        var inFlight: [String: DispatchGroup] = [:]
        var resident = 0

        /// The entry for `id`, marked as just used; nil when absent.
        mutating func use(_ id: String) -> EquirectPanorama? {
            guard let entry = entries[id] else { return nil }
            if let index = recency.firstIndex(of: id) { recency.remove(at: index) }
            recency.append(id)
            return entry
        }

        /// Adds `panorama` and evicts the least recently used beyond `budget` (never the last one).
        mutating func store(_ panorama: EquirectPanorama, id: String, budget: Int) {
            if let old = entries[id] { resident -= PanoramaCache.cost(of: old) }
            entries[id] = panorama
            resident += PanoramaCache.cost(of: panorama)
            _ = use(id)
            while resident > budget, recency.count > 1 {
                let evicted = recency.removeFirst()
                if let gone = entries.removeValue(forKey: evicted) { resident -= PanoramaCache.cost(of: gone) }
                widest[evicted] = nil
            }
        }
    }

    /// - Parameters:
    ///   - byteBudget: bytes of decoded panoramas to keep, > 0.
    ///   - prefetchLimit: neighbours to decode ahead, 0...5 is sensible.
    ///   - queue: where prefetches decode. The default is serial, on a thread of its own, so
    ///     decoding ahead takes at most one core from drawing what the user is looking at, never
    ///     holds more than one decode's memory at a time, and never holds one of Dispatch's
    ///     threads while it waits for a fetch. Not at a lower priority: a panorama walked to while
    ///     its prefetch runs waits for that prefetch.
    package init(
        byteBudget: Int, prefetchLimit: Int = 5,
        queue: BlockingQueue = BlockingQueue(name: "sidewalk-ahead"),
        load: @escaping Loader
    ) {
        self.byteBudget = byteBudget
        self.prefetchLimit = prefetchLimit
        self.queue = queue
        self.load = load
        state = Locked(State())
    }

    /// A cache over a dataset's images, each decoded at `minimumWidth` pixels round the circle
    /// or more (what the first view needs; nil: the most the limits allow).
    package convenience init(dataset: Dataset, byteBudget: Int, prefetchLimit: Int = 5, minimumWidth: Int? = nil) {
        self.init(byteBudget: byteBudget, prefetchLimit: prefetchLimit) { panorama throws(PanoramaError) in
            try dataset.loadScaled(panorama, minimumWidth: minimumWidth)
        }
    }

    /// Bytes held by decoded panoramas now.
    package var residentBytes: Int { state.withLock { $0.resident } }

    /// Ids held now, least recently used first.
    package var residentIDs: [String] { state.withLock { $0.recency } }

    /// The decoded panorama: from memory, from a prefetch under way (waiting for it), or decoded
    /// now. It may wait: call it from a loader thread, or use `load(_:completion:)`.
    package func panorama(_ panorama: Panorama) throws(PanoramaError) -> EquirectPanorama {
        if let pending = state.withLock({ $0.use(panorama.id) == nil ? $0.inFlight[panorama.id] : nil }) {
            pending.wait()
        }
        if let cached = cached(panorama) { return cached }
        let decoded = try load(panorama)
        state.withLock { state in
            state.store(decoded.panorama, id: panorama.id, budget: byteBudget)
            state.widest[panorama.id] = decoded.widest
        }
        return decoded.panorama
    }

    /// The widest `panorama`'s image could be decoded, pixels round the circle, when it was
    /// decoded here and is still held; nil otherwise.
    package func widest(of panorama: Panorama) -> Int? {
        state.withLock { $0.widest[panorama.id] }
    }

    /// Keeps `decoded`, decoded elsewhere, as `panorama`'s entry (within the budget), with the
    /// widest its image could be decoded when known.
    package func insert(_ decoded: EquirectPanorama, for panorama: Panorama, widest: Int? = nil) {
        state.withLock { state in
            state.store(decoded, id: panorama.id, budget: byteBudget)
            state.widest[panorama.id] = widest
        }
    }

    /// The decoded panorama if it is in memory now, else nil; never waits.
    package func cached(_ panorama: Panorama) -> EquirectPanorama? {
        state.withLock { $0.use(panorama.id) }
    }

    /// Loads `panorama` without blocking the caller: `completion` runs on a loader thread with
    /// the decoded panorama (from memory, from a prefetch under way, or decoded there, ahead of
    /// any prefetch still queued) or the error. For a frame loop that must never wait on a decode.
    package func load(_ panorama: Panorama, completion: @escaping @Sendable (Result<EquirectPanorama, PanoramaError>) -> Void) {
        foreground.async { [self] in
            completion(Result { () throws(PanoramaError) -> EquirectPanorama in try self.panorama(panorama) })
        }
    }

    /// Starts decoding up to `prefetchLimit` of `ahead` (the way a player is about to walk, in
    /// order) and then the panoramas linked from `panorama`, nearest link first as given, that
    /// are not held or under way.
    package func prefetchNeighbours(of panorama: Panorama, in service: PanoramaService, ahead: [Panorama] = []) {
        var seen: Set<String> = [panorama.id]
        let neighbours = panorama.links.compactMap { service.panorama(id: $0.target) }
        let wanted = (ahead + neighbours).filter { seen.insert($0.id).inserted }.prefix(prefetchLimit)
        for neighbour in wanted {
            let group: DispatchGroup? = state.withLock { state in
                guard state.entries[neighbour.id] == nil, state.inFlight[neighbour.id] == nil else { return nil }
                let group = DispatchGroup()
                group.enter()
                state.inFlight[neighbour.id] = group
                return group
            }
            guard let group else { continue }
            queue.async { [self] in
                let decoded = try? load(neighbour)
                state.withLock { state in
                    if let decoded {
                        state.store(decoded.panorama, id: neighbour.id, budget: byteBudget)
                        state.widest[neighbour.id] = decoded.widest
                    }
                    state.inFlight[neighbour.id] = nil
                }
                group.leave()
            }
        }
    }

    /// Waits until every prefetch started so far has finished.
    package func waitForPrefetches() {
        let groups = state.withLock { Array($0.inFlight.values) }
        for group in groups { group.wait() }
    }

    /// Bytes a decoded panorama holds.
    package static func cost(of panorama: EquirectPanorama) -> Int {
        panorama.pyramid.texels.count * MemoryLayout<UInt32>.stride
    }
}
