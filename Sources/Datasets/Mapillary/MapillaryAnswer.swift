import BoundedJSON
import RemoteData

/// What Mapillary's graph API answers, read from its bytes: one image entity, a list of them
/// (`{"data": [...]}`, a search in a box), or a sequence's image ids. Untrusted: bounded as it is parsed, and every
/// problem reported with its JSON path.
package enum MapillaryAnswer {
    /// Largest answer read: an entity is about a kilobyte; a search's 2000 images (the API's
    /// most) about 2 MB; a long sequence's ids less.
    package static let byteLimit = 8 << 20
    static let limits = JSONLimits(maxDepth: 16, maxValues: 500_000, maxBytes: byteLimit)
    /// Most ids read from one sequence: a walk needs its neighbours, not a whole day's drive.
    package static let sequenceLimit = 10_000

    /// The image one entity describes; `address` names it in errors.
    package static func image(_ bytes: [UInt8], address: String) throws(DatasetError) -> MapillaryImage {
        var decoder = MapillaryImageDecoder()
        guard let image = decoder.decode(try json(bytes, address: address)) else {
            throw .invalid(path: address, problems: decoder.problems)
        }
        return image
    }

    /// The images of a list answer, each id once (the first time it is listed). A malformed
    /// image is skipped; an answer with images and none readable is not what the API documents.
    package static func images(_ bytes: [UInt8], address: String) throws(DatasetError) -> [MapillaryImage] {
        let list = try data(json(bytes, address: address), address: address)
        var decoder = MapillaryImageDecoder()
        var seen: Set<String> = []
        let images = list.enumerated().compactMap { decoder.decode($1, at: "$.data[\($0)]") }.filter { seen.insert($0.id).inserted }
        if images.isEmpty, let first = decoder.problems.first { throw .invalid(path: address, problems: [first]) }
        return images
    }

    /// A sequence's image ids in capture order (`GET /image_ids?sequence_id=`), each once, at
    /// most `sequenceLimit`; entries without a well-formed id are skipped.
    package static func imageIDs(_ bytes: [UInt8], address: String) throws(DatasetError) -> [String] {
        let list = try data(json(bytes, address: address), address: address)
        var seen: Set<String> = []
        var ids: [String] = []
        for entry in list where ids.count < sequenceLimit {
            if let id = MapillaryImageDecoder.identifier(entry.object?["id"]), seen.insert(id).inserted { ids.append(id) }
        }
        return ids
    }

    private static func data(_ root: JSONValue, address: String) throws(DatasetError) -> [JSONValue] {
        guard let list = root.object?["data"]?.array else {
            throw .invalid(path: address, problems: [ManifestProblem("$.data", "must be the list the graph API answers with")])
        }
        return list
    }

    private static func json(_ bytes: [UInt8], address: String) throws(DatasetError) -> JSONValue {
        do { return try JSONParser.parse(bytes, limits: limits) } catch { throw .notJSON(path: address, detail: error.description) }
    }
}
