import BoundedJSON
import FoundationEssentials
import PanoCore

/// A tile set's description as tile servers give it (TileJSON 3.0.0, mapbox/tilejson-spec: the
/// `tiles` URL templates, `scheme`, `minzoom`, `maxzoom` and `attribution`), so a basemap can be
/// named by one URL and drawn at the zooms its tiles have.
package struct TileJSON: Equatable, Sendable {
    /// The first of `tiles`: an http(s) URL with `{z}`, `{x}` and `{y}`.
    package let template: String
    /// The zooms the tiles exist at (`minzoom` default 0, `maxzoom` default 30, the spec's).
    package let zooms: ClosedRange<Int>
    /// Whose data it is, as plain text; nil when it does not say.
    package let attribution: String?
    /// The rows count from the south (`scheme` "tms"), not from the north ("xyz", the default).
    package let fromSouth: Bool

    package init(template: String, zooms: ClosedRange<Int>, attribution: String?, fromSouth: Bool) {
        (self.template, self.zooms, self.attribution, self.fromSouth) = (template, zooms, attribution, fromSouth)
    }

    /// The URL of `tile`.
    package func address(of tile: TileID) -> String {
        let row = fromSouth ? (1 << tile.z) - 1 - tile.y : tile.y
        return template.replacing("{z}", with: "\(tile.z)").replacing("{x}", with: "\(tile.x)")
            .replacing("{y}", with: "\(row)")
    }

    /// The description `bytes` hold (untrusted: bounded as it is parsed); relative templates are
    /// resolved against `address`, where it was read.
    package static func parse(_ bytes: [UInt8], address: String) throws(PMTilesArchive.Failure) -> TileJSON {
        guard let root = (try? JSONParser.parse(bytes, limits: .small))?.object else {
            throw PMTilesArchive.Failure(description: "\(address): not a TileJSON description")
        }
        guard let first = root["tiles"]?.array?.first?.string, let template = resolve(first, against: address),
            ["{z}", "{x}", "{y}"].allSatisfy(template.contains)
        else {
            throw PMTilesArchive.Failure(description: "\(address): TileJSON's tiles must list an http(s) URL with {z}, {x} and {y}")
        }
        func zoom(_ key: String, default value: Int) -> Int? {
            guard let given = root[key] else { return value }
            return given.number.flatMap { (0...Double(TileID.deepestZoom)).contains($0) && $0.rounded() == $0 ? Int($0) : nil }
        }
        guard let low = zoom("minzoom", default: 0), let high = zoom("maxzoom", default: 30), low <= high else {
            throw PMTilesArchive.Failure(description: "\(address): TileJSON's minzoom and maxzoom must be 0...30, the least first")
        }
        let scheme = root["scheme"]?.string ?? "xyz"
        guard ["xyz", "tms"].contains(scheme) else {
            throw PMTilesArchive.Failure(description: "\(address): TileJSON's scheme must be xyz or tms, not \(scheme.prefix(20))")
        }
        let attribution = root["attribution"]?.string.flatMap(plainAttribution)
        return TileJSON(template: template, zooms: low...high, attribution: attribution, fromSouth: scheme == "tms")
    }

    /// `reference` (a template, whose braces no URL parser takes) made absolute against
    /// `address`: as it is when it is an http(s) URL, from the host when it starts with `/`,
    /// else from `address`'s folder; nil for any other scheme.
    static func resolve(_ reference: String, against address: String) -> String? {
        let lower = reference.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return reference }
        guard !reference.contains(":"), let scheme = address.firstRange(of: "://") else { return nil }
        let path = address.split(separator: "?", maxSplits: 1).first.map(String.init) ?? address
        if reference.hasPrefix("/") {
            let host = path[scheme.upperBound...].prefix { $0 != "/" }
            return String(path[..<scheme.upperBound]) + host + reference
        }
        guard let slash = path.lastIndex(of: "/"), slash >= scheme.upperBound else { return path + "/" + reference }
        return String(path[...slash]) + reference
    }

    /// `html` (an attribution as tile sets give it, often a link) as plain text: tags taken out,
    /// at most 160 characters; nil when nothing is left.
    package static func plainAttribution(_ html: String) -> String? {
        var plain = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { plain.append(character) }
        }
        let trimmed = plain.trimmingWhitespace
        return trimmed.isEmpty ? nil : String(trimmed.prefix(160))
    }
}
