import BoundedJSON
import Dispatch
import PanoCore
import RemoteData
import Synchronization

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
    /// Largest answer read: an item with all its EXIF fields is tens of kilobytes; a search of
    /// `searchLimit` items a few megabytes.
    static let answerByteLimit = 8 << 20
    static let answerLimits = JSONLimits(maxDepth: 32, maxValues: 500_000, maxBytes: answerByteLimit)

    /// Pictures within `radius` metres of `place`, nearest first; empty when there are none.
    func search(near place: Coordinate, radius: Double) throws(DatasetError) -> [PanoramaxPicture] {
        let address = server.searchAddress(near: place, radius: radius, limit: Self.searchLimit)
        return try features(of: answer(address), at: address).pictures
            .sorted { place.distance(to: $0.panorama.coordinate) < place.distance(to: $1.panorama.coordinate) }
    }

    /// Pictures inside `box`, at most `limit` (1...`PanoramaxServer.searchLimitMost`).
    func search(in box: GeoBox, limit: Int) throws(DatasetError) -> [PanoramaxPicture] {
        let address = server.searchAddress(in: box, limit: limit)
        return try features(of: answer(address), at: address).pictures
    }

    /// The pictures of sequence `id` in their order, at most `limit`, page after page (each
    /// page's `next` link).
    func sequence(_ id: String, limit: Int) throws(DatasetError) -> [PanoramaxPicture] {
        var pictures: [PanoramaxPicture] = []
        var address: String? = server.sequenceAddress(id, limit: min(limit, Self.searchLimit))
        while let page = address, pictures.count < limit {
            let found = try features(of: answer(page), at: page)
            pictures += found.pictures
            address = found.next
            if found.pictures.isEmpty { break }
        }
        return Array(pictures.prefix(limit))
    }

    /// The pictures of a GeoJSON FeatureCollection, and its `next` page's address if any.
    private func features(of root: JSONValue, at address: String) throws(DatasetError) -> (pictures: [PanoramaxPicture], next: String?) {
        guard let features = root.object?["features"]?.array else {
            throw .invalid(path: address, problems: [ManifestProblem("$.features", "must be the list of pictures found (a GeoJSON FeatureCollection)")])
        }
        var decoder = PanoramaxItemDecoder()
        let pictures = features.enumerated().compactMap { decoder.decode($1, at: "$.features[\($0)]") }
        // One malformed feature is skipped; an answer with none readable is not what the API documents.
        if pictures.isEmpty, let first = decoder.problems.first { throw .invalid(path: address, problems: [first]) }
        let next = root.object?["links"]?.array?.lazy.compactMap(\.object).first { $0["rel"]?.string == "next" }?["href"]?.string
        return (pictures, next.flatMap { HTTPClient.isWebAddress($0) ? $0 : nil })
    }

    /// The picture with `id`.
    func picture(_ id: String) throws(DatasetError) -> PanoramaxPicture {
        let address = server.itemAddress(id)
        var decoder = PanoramaxItemDecoder()
        guard let picture = decoder.decode(try answer(address)) else { throw .invalid(path: address, problems: decoder.problems) }
        guard picture.panorama.id == id else {
            throw .invalid(path: address, problems: [ManifestProblem("$.id", "is '\(picture.panorama.id)', not the picture asked for")])
        }
        return picture
    }

    /// The pictures with `ids`, each as it arrived or why not, `concurrentRequests` at a time.
    func pictures(_ ids: [String]) -> [String: Result<PanoramaxPicture, DatasetError>] {
        let results = Mutex<[String: Result<PanoramaxPicture, DatasetError>]>([:])
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(Self.concurrentRequests, ids.count)) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < ids.count else { return }
                let id = ids[index]
                let result = Result { () throws(DatasetError) in try picture(id) }
                results.withLock { $0[id] = result }
            }
        }
        return results.withLock { $0 }
    }

    /// The JSON at `address`.
    private func answer(_ address: String) throws(DatasetError) -> JSONValue {
        let bytes: [UInt8]
        do { bytes = try cache.fetch(address, maxBytes: Self.answerByteLimit) } catch { throw .web(error) }
        do { return try JSONParser.parse(bytes, limits: Self.answerLimits) } catch { throw .notJSON(path: address, detail: error.description) }
    }
}
