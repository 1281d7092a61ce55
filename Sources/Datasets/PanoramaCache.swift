import Dispatch
import Foundation
import PanoCore
import PanoImage
import StreetModel

/// Decoded panoramas kept in memory within a byte budget, least recently used out first, and
/// decoded in the background before they are needed: stepping to a linked panorama then shows
/// it without a decode pause, and memory stays bounded however far you walk.
public final class PanoramaCache: @unchecked Sendable {
    /// Decodes a panorama; injected so tests can count and control decoding.
    public typealias Loader = @Sendable (Panorama) throws(PanoramaError) -> EquirectPanorama

    /// Most bytes of decoded panoramas kept (one panorama larger than this is still kept alone).
    public let byteBudget: Int
    /// Most neighbours decoded ahead.
    public let prefetchLimit: Int

    private let load: Loader
    private let queue: DispatchQueue
    /// Where `load` decodes what is wanted now: one at a time, beside at most one prefetch.
    private let foreground = DispatchQueue(label: "sidewalk.load", qos: .userInitiated)
    private let lock = NSLock()
    private var entries: [String: EquirectPanorama] = [:]
    /// Ids from least to most recently used.
    private var recency: [String] = []
    private var inFlight: [String: DispatchGroup] = [:]
    private var resident = 0

    /// - Parameters:
    ///   - byteBudget: bytes of decoded panoramas to keep, > 0.
    ///   - prefetchLimit: neighbours to decode ahead, 0...5 is sensible.
    ///   - queue: where prefetches decode. The default is concurrent, at utility priority, so
    ///     decoding ahead never delays drawing what the user is looking at.
    public init(byteBudget: Int, prefetchLimit: Int = 5,
                queue: DispatchQueue = DispatchQueue(label: "sidewalk.prefetch", qos: .utility),
                load: @escaping Loader) {
        self.byteBudget = byteBudget
        self.prefetchLimit = prefetchLimit
        self.queue = queue
        self.load = load
    }

    /// A cache over a dataset's images.
    public convenience init(dataset: Dataset, byteBudget: Int, prefetchLimit: Int = 5) {
        self.init(byteBudget: byteBudget, prefetchLimit: prefetchLimit) { panorama throws(PanoramaError) in
            try dataset.load(panorama)
        }
    }

    /// Bytes held by decoded panoramas now.
    public var residentBytes: Int { lock.withLock { resident } }

    /// Ids held now, least recently used first.
    public var residentIDs: [String] { lock.withLock { recency } }

    /// The decoded panorama: from memory, from a prefetch under way (waiting for it), or decoded now.
    public func panorama(_ panorama: Panorama) throws(PanoramaError) -> EquirectPanorama {
        if let pending = lock.withLock({ () -> DispatchGroup? in
            if entries[panorama.id] != nil { touch(panorama.id) }
            return entries[panorama.id] == nil ? inFlight[panorama.id] : nil
        }) {
            pending.wait()
        }
        if let cached = lock.withLock({ () -> EquirectPanorama? in
            if entries[panorama.id] != nil { touch(panorama.id) }
            return entries[panorama.id]
        }) {
            return cached
        }
        let decoded = try load(panorama)
        lock.withLock { store(decoded, id: panorama.id) }
        return decoded
    }

    /// The decoded panorama if it is in memory now, else nil; never waits.
    public func cached(_ panorama: Panorama) -> EquirectPanorama? {
        lock.withLock {
            if entries[panorama.id] != nil { touch(panorama.id) }
            return entries[panorama.id]
        }
    }

    /// Loads `panorama` without blocking the caller: `completion` runs on a loader thread with
    /// the decoded panorama (from memory, from a prefetch under way, or decoded there, ahead of
    /// any prefetch still queued) or the error. For a frame loop that must never wait on a decode.
    public func load(_ panorama: Panorama, completion: @escaping @Sendable (Result<EquirectPanorama, PanoramaError>) -> Void) {
        foreground.async { [self] in
            completion(Result { () throws(PanoramaError) -> EquirectPanorama in try self.panorama(panorama) })
        }
    }

    /// Starts decoding up to `prefetchLimit` of the panoramas linked from `panorama` that are not
    /// held or under way, nearest link first as given.
    public func prefetchNeighbours(of panorama: Panorama, in service: PanoramaService) {
        let wanted = panorama.links.compactMap { service.panorama(id: $0.target) }.prefix(prefetchLimit)
        for neighbour in wanted {
            let group: DispatchGroup? = lock.withLock {
                guard entries[neighbour.id] == nil, inFlight[neighbour.id] == nil else { return nil }
                let group = DispatchGroup()
                group.enter()
                inFlight[neighbour.id] = group
                return group
            }
            guard let group else { continue }
            queue.async { [self] in
                let decoded = try? load(neighbour)
                lock.withLock {
                    if let decoded { store(decoded, id: neighbour.id) }
                    inFlight[neighbour.id] = nil
                }
                group.leave()
            }
        }
    }

    /// Waits until every prefetch started so far has finished.
    public func waitForPrefetches() {
        let groups = lock.withLock { Array(inFlight.values) }
        for group in groups { group.wait() }
    }

    /// Bytes a decoded panorama holds.
    public static func cost(of panorama: EquirectPanorama) -> Int {
        panorama.pyramid.texels.count * MemoryLayout<UInt32>.stride
    }

    /// Call with the lock held.
    private func touch(_ id: String) {
        if let index = recency.firstIndex(of: id) { recency.remove(at: index) }
        recency.append(id)
    }

    /// Call with the lock held.
    private func store(_ panorama: EquirectPanorama, id: String) {
        if let old = entries[id] { resident -= Self.cost(of: old) }
        entries[id] = panorama
        resident += Self.cost(of: panorama)
        touch(id)
        while resident > byteBudget, recency.count > 1 {
            let evicted = recency.removeFirst()
            if let gone = entries.removeValue(forKey: evicted) { resident -= Self.cost(of: gone) }
        }
    }
}
