import Locking
import PanoCore
import PanoImage
import StreetModel
import SystemIO

/// Tiles of tiled panoramas, fetched and decoded on up to `workers` threads at once and kept
/// within a byte budget, least recently used out first. The frame loop asks for the tiles a view
/// needs and is told as each arrives; it never waits. A tile that failed is not asked for again
/// (its error is kept), and a request replaces the tiles still queued from the one before, so a
/// turn does not wait behind tiles the view has left.
package final class TileCache: Sendable {
    /// Fetches and decodes one tile; injected so tests can control it.
    package typealias Fetch = @Sendable (Panorama, TileGrid.Key) throws(PanoramaError) -> RGBImage
    /// What `request` reports for each tile it fetched: the panorama's id, the tile, and nil or
    /// why it failed. Runs on a worker thread.
    package typealias Completion = @Sendable (_ id: String, _ key: TileGrid.Key, _ failure: PanoramaError?) -> Void

    /// Most bytes of decoded tiles kept, > 0.
    package let byteBudget: Int
    /// Tiles fetched at once unless asked otherwise: HTTP's usual limit of connections per host.
    package static let defaultWorkers = 6
    /// Most tiles fetched at once.
    package let workers: Int
    private let fetch: Fetch
    private let state = Locked(State())

    private struct TileID: Hashable {
        let panorama: String
        let key: TileGrid.Key
    }

    private struct State: ~Copyable {
        var entries: [TileID: RGBImage] = [:]
        var recency: [TileID] = []
        var resident = 0
        var queue: [(Panorama, TileGrid.Key, Completion)] = []
        var inFlight: Set<TileID> = []
        var failed: [TileID: PanoramaError] = [:]
        var running = 0

        mutating func touch(_ id: TileID) {
            if let index = recency.lastIndex(of: id) { recency.remove(at: index) }
            recency.append(id)
        }
    }

    package init(byteBudget: Int, workers: Int = defaultWorkers, fetch: @escaping Fetch) {
        self.byteBudget = byteBudget
        self.workers = max(1, workers)
        self.fetch = fetch
    }

    /// A cache over a dataset's tiles.
    package convenience init(dataset: Dataset, byteBudget: Int) {
        self.init(byteBudget: byteBudget) { panorama, key throws(PanoramaError) in try dataset.loadTile(key, of: panorama) }
    }

    /// Bytes held by decoded tiles now.
    package var residentBytes: Int { state.withLock { $0.resident } }

    /// The tile if it is held now (marked as just used), else nil; never waits.
    package func tile(_ key: TileGrid.Key, of id: String) -> RGBImage? {
        state.withLock { state in
            let tile = TileID(panorama: id, key: key)
            guard let image = state.entries[tile] else { return nil }
            state.touch(tile)
            return image
        }
    }

    /// Why the tile could not be had, if it was asked for and failed.
    package func failure(_ key: TileGrid.Key, of id: String) -> PanoramaError? {
        state.withLock { $0.failed[TileID(panorama: id, key: key)] }
    }

    /// Queues `keys` of `panorama` that are not held, under way or failed, in place of whatever
    /// is still queued; `completion` runs once for each as it arrives or fails.
    package func request(_ keys: [TileGrid.Key], of panorama: Panorama, completion: @escaping Completion) {
        let start: Int = state.withLock { state in
            state.queue = keys.compactMap { key in
                let tile = TileID(panorama: panorama.id, key: key)
                guard state.entries[tile] == nil, !state.inFlight.contains(tile), state.failed[tile] == nil else { return nil }
                return (panorama, key, completion)
            }
            let start = min(workers - state.running, state.queue.count)
            state.running += start
            return start
        }
        for _ in 0..<start { BlockingThread.start(name: "sidewalk-tiles") { self.work() } }
    }

    /// One worker: fetches queued tiles until none is left.
    private func work() {
        while true {
            let next: (Panorama, TileGrid.Key, Completion)? = state.withLock { state in
                guard !state.queue.isEmpty else {
                    state.running -= 1
                    return nil
                }
                let next = state.queue.removeFirst()
                state.inFlight.insert(TileID(panorama: next.0.id, key: next.1))
                return next
            }
            guard let (panorama, key, completion) = next else { return }
            let result = Result { () throws(PanoramaError) in try fetch(panorama, key) }
            let tile = TileID(panorama: panorama.id, key: key)
            state.withLock { state in
                state.inFlight.remove(tile)
                switch result {
                case .success(let image):
                    state.entries[tile] = image
                    state.resident += image.pixels.count
                    state.touch(tile)
                    while state.resident > byteBudget, state.recency.count > 1 {
                        let evicted = state.recency.removeFirst()
                        if let gone = state.entries.removeValue(forKey: evicted) { state.resident -= gone.pixels.count }
                    }
                case .failure(let error):
                    state.failed[tile] = error
                }
            }
            if case .failure(let error) = result { completion(panorama.id, key, error) } else { completion(panorama.id, key, nil) }
        }
    }
}
