import Locking
import PanoCore
import RemoteData
import SystemIO

/// Asks a Panoramax server for pictures: a search near a place, and items by id, at most
/// `concurrentRequests` at once, through the HTTP cache (so `--offline` walks what was seen).
/// Blocking: call it from a worker thread, or where waiting is expected (opening).
struct PanoramaxClient: Sendable {
    let server: PanoramaxServer
    let cache: HTTPCache

    /// Requests in flight at once to one server, at most.
    static let concurrentRequests = 4
    /// Pictures one search asks for.
    static let searchLimit = 50

    /// How far from a flat picture's heading a place may lie, degrees (the whole angle,
    /// `place_fov_tolerance`): standing at a place, any picture there (180, the most the API
    /// allows); looking at a named place, one that shows it well inside its frame (60: a flat
    /// camera is 60° wide or more; the server's default is 30).
    enum Aim: Int {
        case standingAt = 180
        case lookingAt = 60
    }

    /// Pictures within `radius` metres of `place`, nearest first, flat ones as `aim` says;
    /// empty when there are none.
    func search(near place: Coordinate, radius: Double, aim: Aim = .standingAt) throws(DatasetError) -> [PanoramaxPicture] {
        let address = server.searchAddress(near: place, radius: radius, limit: Self.searchLimit, tolerance: aim.rawValue)
        return try PanoramaxAnswer.pictures(answer(address), address: address).pictures
            .sorted { place.distance(to: $0.panorama.coordinate) < place.distance(to: $1.panorama.coordinate) }
    }

    /// Pictures inside `box`, at most `limit` (1...`PanoramaxServer.searchLimitMost`).
    func search(in box: GeoBox, limit: Int) throws(DatasetError) -> [PanoramaxPicture] {
        let address = server.searchAddress(in: box, limit: limit)
        return try PanoramaxAnswer.pictures(answer(address), address: address).pictures
    }

    /// The pictures of sequence `id` in their order, each once, at most `limit`, page after page
    /// (each page's `next` link). A `next` that leads back to a page already read is refused, as
    /// a server that pages in a loop would otherwise be read for ever.
    func sequence(_ id: String, limit: Int) throws(DatasetError) -> [PanoramaxPicture] {
        var pictures: [PanoramaxPicture] = []
        var seenIDs: Set<String> = []
        var read: Set<String> = []
        var address: String? = server.sequenceAddress(id, limit: min(limit, Self.searchLimit))
        while let page = address, pictures.count < limit {
            guard read.insert(page).inserted else {
                throw .invalid(path: page, problems: [ManifestProblem("$.links", "the next page leads back to a page already read")])
            }
            let found = try PanoramaxAnswer.pictures(answer(page), address: page)
            pictures += found.pictures.filter { seenIDs.insert($0.panorama.id).inserted }
            address = found.next
            if found.pictures.isEmpty { break }
        }
        return Array(pictures.prefix(limit))
    }

    /// The title of sequence `id`, or nil when it has none.
    func sequenceTitle(_ id: String) throws(DatasetError) -> String? {
        let address = server.collectionAddress(id)
        return try PanoramaxAnswer.title(answer(address), address: address)
    }

    /// The picture with `id`.
    func picture(_ id: String) throws(DatasetError) -> PanoramaxPicture {
        let address = server.itemAddress(id)
        let picture = try PanoramaxAnswer.picture(answer(address), address: address)
        guard picture.panorama.id == id else {
            throw .invalid(path: address, problems: [ManifestProblem("$.id", "is '\(picture.panorama.id)', not the picture asked for")])
        }
        return picture
    }

    /// The pictures with `ids`, each as it arrived or why not, `concurrentRequests` at a time.
    func pictures(_ ids: [String]) -> [String: Result<PanoramaxPicture, DatasetError>] {
        Self.requests(for: ids) { id in Result { () throws(DatasetError) in try picture(id) } }
    }

    /// `ask(key)` for each of `keys`, `concurrentRequests` at a time (what a server is asked at
    /// most at once); the answers by key. `done` is told (answers so far, keys) after each.
    static func requests<Answer: Sendable>(
        for keys: [String], done: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        _ ask: @escaping @Sendable (String) -> Answer
    ) -> [String: Answer] {
        let results = Locked<[String: Answer]>([:])
        BlockingThread.forEach(keys.count, workers: concurrentRequests, name: "panoramax-fetch") { index in
            let answer = ask(keys[index])
            let count = results.withLock {
                $0[keys[index]] = answer
                return $0.count
            }
            done(count, keys.count)
        }
        return results.withLock { $0 }
    }

    /// The answer's bytes at `address`.
    private func answer(_ address: String) throws(DatasetError) -> [UInt8] {
        do { return try cache.fetch(address, maxBytes: PanoramaxAnswer.byteLimit) } catch { throw .web(error) }
    }
}
