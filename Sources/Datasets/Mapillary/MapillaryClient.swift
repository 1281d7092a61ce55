import PanoCore
import RemoteData
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Asks Mapillary's graph API for images with the user's token (an `Authorization: OAuth`
/// header, as mapillary-js sends it), through the HTTP cache, so `--offline` walks what was
/// seen; at most `concurrentRequests` at once. Blocking: call it from a worker thread, or where
/// waiting is expected (opening).
struct MapillaryClient: Sendable {
    let server: MapillaryServer
    let cache: HTTPCache
    let authorization: HTTPAuthorization
    /// Keeps every copy of this client to `requestsPerSecond`.
    let pacer: RequestPacer

    /// Requests in flight at once, at most.
    static let concurrentRequests = 4
    /// Requests a second, at most: well inside the graph API's documented rate limits (tens of
    /// thousands a minute an app), and a walk's read-ahead needs a few dozen.
    static let requestsPerSecond = 20.0
    /// How long an answer is used without asking again, seconds: an image's place and sequence
    /// do not change; its thumbnails' addresses expire, and are asked for afresh when they do.
    static let keepSeconds = 86_400
    /// Farthest a search looks, metres: a neighbourhood, a few boxes of the API's size.
    static let largestRadius = 1_000.0
    /// Most boxes one search asks, each `MapillaryServer.searchSide` on a side.
    static let mostBoxes = 36

    init(server: MapillaryServer, cache: HTTPCache, token: Secret, pacer: RequestPacer = RequestPacer(perSecond: requestsPerSecond)) {
        self.server = server
        self.cache = cache
        authorization = HTTPAuthorization(scheme: "OAuth", secret: token)
        self.pacer = pacer
    }

    /// `body` for each of `ids`, at most `concurrentRequests` at once, with its id, in order.
    func each<Answer: Sendable>(
        _ ids: [String], _ body: @escaping @Sendable (MapillaryClient, String) throws(DatasetError) -> Answer
    ) -> [(String, Result<Answer, DatasetError>)] {
        let answers = BlockingThread.map(ids.count, workers: Self.concurrentRequests, name: "mapillary-fetch") { index in
            Result { () throws(DatasetError) in try body(self, ids[index]) }
        }
        return Array(zip(ids, answers))
    }

    /// The image with `id`; with `refresh`, asked of the server even when the cache holds it
    /// (its thumbnails' signed addresses have expired).
    func image(_ id: String, refresh: Bool = false) throws(DatasetError) -> MapillaryImage {
        let address = server.imageAddress(id)
        let image = try MapillaryAnswer.image(answer(address, refresh: refresh), address: address)
        guard image.id == id else {
            throw .invalid(path: address, problems: [ManifestProblem("$.id", "is '\(image.id)', not the image asked for")])
        }
        return image
    }

    /// The images within `radius` metres (1...`largestRadius`) of `place`, nearest first, each
    /// once: asked in boxes of `MapillaryServer.searchSide` degrees, since the API answers only
    /// small ones.
    func search(near place: Coordinate, radius: Double) throws(DatasetError) -> [MapillaryImage] {
        let metres = min(Self.largestRadius, max(1, radius.isFinite ? radius : 1))
        let boxes = Self.boxes(around: place, radius: metres)
        let answers = BlockingThread.map(boxes.count, workers: Self.concurrentRequests, name: "mapillary-fetch") { index in
            let address = server.searchAddress(in: boxes[index], limit: MapillaryServer.searchLimit)
            return Result { () throws(DatasetError) in try MapillaryAnswer.images(answer(address), address: address) }
        }
        var found: [String: MapillaryImage] = [:]
        for answer in answers {
            switch answer {
            case .success(let images): for image in images where found[image.id] == nil { found[image.id] = image }
            case .failure(let error): throw error
            }
        }
        return found.values.filter { place.distance(to: $0.coordinate) <= metres }
            .sorted { (place.distance(to: $0.coordinate), $0.id) < (place.distance(to: $1.coordinate), $1.id) }
    }

    /// The ids of sequence `id`'s images in capture order.
    func sequence(_ id: String) throws(DatasetError) -> [String] {
        let address = server.sequenceAddress(id)
        return try MapillaryAnswer.imageIDs(answer(address), address: address)
    }

    /// Largest image read, bytes: a 2048-pixel thumbnail is a few hundred kilobytes, an original
    /// 360° photo tens of megabytes.
    static let pictureByteLimit = 64 << 20
    /// How long a picture is used without asking again, seconds: an image's pixels do not change
    /// (its address does), so as long as the cache's budget keeps it.
    static let pictureKeepSeconds = 30 * 86_400

    /// The pixels of `image`: its 2048-pixel thumbnail, or with `original` the original. Kept in
    /// the HTTP cache under the image's id and size, never under the signed address, which
    /// changes and expires. An address that has expired (403 or 410) is given up for a fresh read
    /// of the entity, and its new address asked once.
    func picture(of image: MapillaryImage, original: Bool = false, maxBytes: Int = pictureByteLimit) throws(DatasetError) -> [UInt8] {
        let size = original ? "original" : "2048"
        let key = "mapillary image \(image.id) \(size)"
        func fetch(_ picture: MapillaryImage) throws(HTTPError) -> [UInt8] {
            try cache.fetch(
                original ? picture.original ?? picture.thumbnail : picture.thumbnail, maxBytes: min(maxBytes, Self.pictureByteLimit),
                key: key, keepSeconds: Self.pictureKeepSeconds, beforeRequest: pacer.wait)
        }
        do {
            return try fetch(image)
        } catch .status(_, let code) where code == 403 || code == 410 {
            let fresh = try self.image(image.id, refresh: true)
            do { return try fetch(fresh) } catch { throw .web(error) }
        } catch {
            throw .web(error)
        }
    }

    /// The boxes, at most `searchSide` degrees on a side, that cover `radius` metres around
    /// `place`, row by row from the south-west; at most `mostBoxes`.
    static func boxes(around place: Coordinate, radius: Double) -> [GeoBox] {
        let south = max(-89.9, place.latitude - radius / 111_320)
        let north = min(89.9, place.latitude + radius / 111_320)
        let across = radius / (111_320 * max(0.01, cos(place.latitude * .pi / 180)))
        let west = max(-180, place.longitude - across)
        let east = min(180, place.longitude + across)
        let side = MapillaryServer.searchSide
        let columns = max(1, Int(((east - west) / side).rounded(.up)))
        let rows = max(1, Int(((north - south) / side).rounded(.up)))
        var boxes: [GeoBox] = []
        for row in 0..<rows {
            for column in 0..<columns where boxes.count < mostBoxes {
                let boxWest = west + Double(column) * side
                let boxSouth = south + Double(row) * side
                boxes.append(GeoBox(west: boxWest, south: boxSouth, east: min(east, boxWest + side), north: min(north, boxSouth + side)))
            }
        }
        return boxes
    }

    /// The answer's bytes at `address`. A 401 or 403 is the token refused: said as such.
    private func answer(_ address: String, refresh: Bool = false) throws(DatasetError) -> [UInt8] {
        do {
            return try cache.fetch(
                address, maxBytes: MapillaryAnswer.byteLimit, authorization: authorization, keepSeconds: Self.keepSeconds, refresh: refresh,
                beforeRequest: pacer.wait)
        } catch {
            if case .status(_, let code) = error, code == 401 || code == 403 { throw .tokenRefused(service: "Mapillary", status: code) }
            throw .web(error)
        }
    }
}
