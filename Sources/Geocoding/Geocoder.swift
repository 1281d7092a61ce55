import BoundedJSON
import PanoCore
import RemoteData

/// A place a geocoder found: its name, what it is (`amenity/townhall`), where, and the whole
/// address it gives (untrusted text, all of it).
package struct GeocodedPlace: Equatable, Sendable {
    package var name: String
    package var kind: String
    package var address: String
    package var coordinate: Coordinate
}

/// Why a search by a geocoder gave no answer, in one line.
package struct GeocoderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, with the address asked (for a log or standard error).
    package let description: String
    /// The same in a few words, naming the server but not the address (for the status line and
    /// a screen reader: "cannot reach nominatim.openstreetmap.org").
    package let brief: String

    init(_ description: String, brief: String? = nil) {
        (self.description, self.brief) = (description, brief ?? description)
    }
}

/// Places found by name on the web: OpenStreetMap's Nominatim (`/search`, `format=jsonv2`) by
/// default, or Photon (a server whose address ends in `/api`), kept to Nominatim's usage policy:
/// a search is sent only when asked (never per keystroke), at most one a second
/// (`GeocoderPacer`), with a User-Agent naming Sidewalk (`HTTPClient`), and its answer kept in
/// the HTTP cache for a week; what is shown carries `attribution`.
package struct Geocoder: Sendable {
    package enum Kind: String, Sendable {
        case nominatim, photon
    }

    /// The public Nominatim server, whose policy this follows.
    package static let defaultAddress = "https://nominatim.openstreetmap.org/search"
    /// Shown with every answer: the data is OpenStreetMap's (ODbL).
    package static let attribution = "© OpenStreetMap contributors"
    /// How long an answer is kept, seconds: Nominatim asks its users to cache.
    static let keepSeconds = 7 * 86400
    /// The most an answer may hold, bytes.
    static let maxBytes = 1 << 20
    /// The longest one request may take in all, seconds (its bytes may keep coming slowly).
    package static let requestSeconds = 10

    package let address: String
    package let kind: Kind
    private let cache: HTTPCache
    private let pacer: GeocoderPacer

    /// A geocoder at `address` (Photon when its path ends in `/api`), asked through `cache`; the
    /// pacer keeps its time in the cache's folder, so every Sidewalk on this machine shares it.
    package init(address: String = Geocoder.defaultAddress, cache: HTTPCache) {
        var trimmed = address
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.address = trimmed
        kind = trimmed.hasSuffix("/api") ? .photon : .nominatim
        self.cache = cache
        pacer = GeocoderPacer(file: cache.folder + "/geocoder-last-request")
    }

    /// The places `text` names, best first, at most `limit`; none is a normal answer.
    package func search(_ text: String, limit: Int = 5) throws(GeocoderError) -> [GeocodedPlace] {
        let body = try fetch(searchURL(text, limit: limit))
        let value: JSONValue
        do { value = try JSONParser.parse(body, limits: .small) } catch {
            throw GeocoderError("\(address): the answer is not JSON (\(error.description))", brief: "the answer is not JSON")
        }
        let places = kind == .photon ? GeocoderAnswer.photon(value) : GeocoderAnswer.nominatim(value)
        guard let places else {
            throw GeocoderError(
                "\(address): the answer is not a \(kind.rawValue) search result", brief: "the answer is not a search result")
        }
        return Array(places.prefix(limit))
    }

    /// The street (or square, or named place) at `coordinate` and its town, as a place is named on
    /// arrival ("Rue de Rivoli, Paris"); nil when the geocoder knows none there. Asked the same
    /// way as `search`: paced, cached, the coordinate rounded to 4 decimals (about 10 m), so
    /// that neighbouring pictures share one answer.
    package func reverse(_ coordinate: Coordinate) throws(GeocoderError) -> String? {
        let body = try fetch(reverseURL(coordinate))
        let value: JSONValue
        do { value = try JSONParser.parse(body, limits: .small) } catch {
            throw GeocoderError("\(address): the answer is not JSON (\(error.description))")
        }
        return kind == .photon ? GeocoderAnswer.photonStreet(value) : GeocoderAnswer.nominatimStreet(value)
    }

    /// The reverse lookup's address: Nominatim's `reverse?lat=…&lon=…&format=jsonv2&zoom=17`
    /// (major and minor streets), Photon's `reverse?lat=…&lon=…`.
    func reverseURL(_ coordinate: Coordinate) -> String {
        let suffix = ["/search", "/api"].first { address.hasSuffix($0) } ?? ""
        let base = String(address.dropLast(suffix.count))
        let place = "lat=\(Self.rounded(coordinate.latitude))&lon=\(Self.rounded(coordinate.longitude))"
        return base + "/reverse?" + place + (kind == .nominatim ? "&format=jsonv2&zoom=17" : "")
    }

    /// Degrees to 4 decimals, as text.
    private static func rounded(_ degrees: Double) -> String {
        String((degrees * 10_000).rounded() / 10_000)
    }

    /// The answer to `url`, from the cache or, paced, from the geocoder.
    private func fetch(_ url: String) throws(GeocoderError) -> [UInt8] {
        do {
            return try cache.fetch(url, maxBytes: Self.maxBytes, keepSeconds: Self.keepSeconds) {
                try? cache.makeFolder()
                pacer.wait()
            }
        } catch {
            throw GeocoderError(Self.describe(error, address: address), brief: Self.brief(error, address: address))
        }
    }

    /// The search's address: Nominatim's `search?q=…&format=jsonv2&limit=N`, Photon's `api?q=…&limit=N`.
    func searchURL(_ text: String, limit: Int) -> String {
        let base = kind == .nominatim && !address.hasSuffix("/search") ? address + "/search" : address
        let query = "q=" + Self.encoded(text) + (kind == .nominatim ? "&format=jsonv2" : "") + "&limit=\(limit)"
        return base + "?" + query
    }

    /// `text` percent-encoded for a query (RFC 3986's unreserved characters kept).
    static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let unreserved =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte)
            out += unreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return out
    }

    /// What a failed request means for a geocoder: its usage limits said plainly.
    /// `error` in a few words, naming the geocoder's host.
    static func brief(_ error: HTTPError, address: String) -> String {
        let host = String(address.drop { $0 != ":" }.dropFirst(3).prefix { $0 != "/" && $0 != "?" })
        switch error {
        case .unreachable: return "cannot reach \(host)"
        case .timeout: return "\(host) timed out"
        case .notCached: return "--offline, and the answer is not in the cache"
        case .status(_, 429): return "the geocoder refused the search (HTTP 429: too many requests); its usage policy allows one a second"
        case .status(_, let code) where (500...599).contains(code): return "the geocoder is unavailable (HTTP \(code)); try again later"
        case .status(_, let code): return "\(host) answered HTTP \(code)"
        default: return "\(host) could not be asked"
        }
    }

    static func describe(_ error: HTTPError, address: String) -> String {
        if case .status(_, 429) = error {
            return "\(address): the geocoder refused the search (HTTP 429: too many requests); its usage policy allows one a second"
        }
        if case .status(_, let code) = error, (500...599).contains(code) {
            return "\(address): the geocoder is unavailable (HTTP \(code)); try again later"
        }
        return error.description
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
