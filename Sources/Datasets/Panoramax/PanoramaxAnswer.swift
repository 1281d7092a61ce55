import BoundedJSON
import RemoteData

/// What a Panoramax server answers, read from its bytes: one STAC item, or a GeoJSON
/// FeatureCollection of them (a search, a page of a sequence). Untrusted: bounded as it is
/// parsed, and every problem reported with its JSON path.
package enum PanoramaxAnswer {
    /// Largest answer read: an item with all its EXIF fields is tens of kilobytes; a search of
    /// 50 items a few megabytes.
    package static let byteLimit = 8 << 20
    static let limits = JSONLimits(maxDepth: 32, maxValues: 500_000, maxBytes: byteLimit)

    /// The picture one item describes; `address` names it in errors.
    package static func picture(_ bytes: [UInt8], address: String) throws(DatasetError) -> PanoramaxPicture {
        var decoder = PanoramaxItemDecoder()
        guard let picture = decoder.decode(try json(bytes, address: address)) else {
            throw .invalid(path: address, problems: decoder.problems)
        }
        return picture
    }

    /// The pictures of a FeatureCollection, each id once (the first time it is listed), and its
    /// `next` page's address if any. A malformed feature is skipped; an answer with none readable
    /// is not what the API documents.
    package static func pictures(_ bytes: [UInt8], address: String) throws(DatasetError) -> (pictures: [PanoramaxPicture], next: String?) {
        let root = try json(bytes, address: address)
        guard let features = root.object?["features"]?.array else {
            throw .invalid(
                path: address, problems: [ManifestProblem("$.features", "must be the list of pictures found (a GeoJSON FeatureCollection)")]
            )
        }
        var decoder = PanoramaxItemDecoder()
        var seen: Set<String> = []
        let pictures = features.enumerated().compactMap { decoder.decode($1, at: "$.features[\($0)]") }
            .filter { seen.insert($0.panorama.id).inserted }
        if pictures.isEmpty, let first = decoder.problems.first { throw .invalid(path: address, problems: [first]) }
        let next = root.object?["links"]?.array?.lazy.compactMap(\.object).first { $0["rel"]?.string == "next" }?["href"]?.string
        return (pictures, next.flatMap { HTTPClient.isWebAddress($0) ? $0 : nil })
    }

    /// The title of the sequence a STAC collection describes, spaces made one and at most
    /// `titleLimit` characters; nil when it has none (untrusted text: sanitised where shown).
    package static func title(_ bytes: [UInt8], address: String) throws(DatasetError) -> String? {
        let words = try json(bytes, address: address).object?["title"]?.string?.split(whereSeparator: \.isWhitespace) ?? []
        let title = words.joined(separator: " ")
        return title.isEmpty ? nil : String(title.prefix(titleLimit))
    }

    /// Longest sequence title kept, characters.
    static let titleLimit = 80

    private static func json(_ bytes: [UInt8], address: String) throws(DatasetError) -> JSONValue {
        do { return try JSONParser.parse(bytes, limits: limits) } catch { throw .notJSON(path: address, detail: error.description) }
    }
}
