import PanoCore
import StreetModel
import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// A place and view shared as a URL: Google Maps' panorama URLs
/// (`https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=LAT,LNG&heading=H&pitch=P&fov=F`,
/// or `pano=ID`), the iOS scheme `comgooglemaps://?center=LAT,LNG&mapmode=streetview`, and
/// `sidewalk://view?` with Google's fields, Panoramax viewers' and OpenStreetMap's permalinks, and
/// `geo:` URIs (RFC 5870). docs/urls.md has the mapping.
package struct PanoramaURL: Equatable, Sendable {
    /// The panorama asked for by id.
    package var panoramaID: String?
    /// The place asked for: the panorama nearest it.
    package var place: Coordinate?
    /// Compass heading, degrees clockwise from north, -180...360 (Google's range).
    package var heading: Double?
    /// Degrees up (+) or down (-), -90...90.
    package var pitch: Double?
    /// Google's horizontal field of view, degrees, 10...100.
    package var fov: Double?
    /// For a `sidewalk://` URL: the camera's roll, degrees, -180...180 (`PanoramaCamera.roll`),
    /// given while a photo's rolled first view is shown.
    package var roll: Double?
    /// For a Panoramax or Mapillary viewer's URL: the server it came from (`https://host`),
    /// whose pictures the id names.
    package var server: String?
    /// For a `sidewalk://` URL: the dataset the view is in, as `sidewalk open` reopens it (a
    /// path, an http(s) address, or `panoramax:https://host`), or the service a viewer's URL
    /// came from (`mapillary:`); nil for the demo town.
    package var dataset: String?

    package init(panoramaID: String? = nil, place: Coordinate? = nil, heading: Double? = nil, pitch: Double? = nil, fov: Double? = nil) {
        self.panoramaID = panoramaID
        self.place = place
        self.heading = heading
        self.pitch = pitch
        self.fov = fov
    }

    /// Google's field of view range, degrees.
    package static let fovRange = 10.0...100.0

    /// Reads a URL; the error says in one line what is wrong with it.
    package static func parse(_ text: String) throws(PanoramaURLError) -> PanoramaURL {
        guard text.utf8.count <= 4096 else { throw PanoramaURLError("the URL is over 4096 bytes") }
        guard !text.unicodeScalars.contains(where: ControlCharacters.isForbidden) else {
            throw PanoramaURLError("the URL contains control characters")
        }
        if text.lowercased().hasPrefix("geo:") { return try geo(text) }
        let halves = text.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { throw PanoramaURLError("not a URL: no scheme (https://, comgooglemaps://, sidewalk:// or geo:)") }
        let scheme = halves[0].lowercased()
        let rest = halves[1]
        let (location, query) = rest.firstIndex(of: "?").map { (rest[..<$0], rest[rest.index(after: $0)...]) } ?? (rest, "")
        let fields = try Self.fields(of: String(query.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""))
        switch scheme {
        case "https", "http":
            let host = location.split(separator: "/", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            guard ["www.google.com", "google.com", "maps.google.com"].contains(host), location.dropFirst(host.count).hasPrefix("/maps")
            else {
                let fragment = try Self.fields(of: String(rest.firstIndex(of: "#").map { rest[rest.index(after: $0)...] } ?? ""))
                if ["www.openstreetmap.org", "openstreetmap.org", "osm.org"].contains(host) {
                    return try openStreetMap(query: fields, fragment: fragment)
                }
                if ["www.mapillary.com", "mapillary.com"].contains(host) {
                    return try mapillaryViewer(path: location.dropFirst(host.count), query: fields)
                }
                return try panoramaxViewer(origin: scheme + "://" + host, query: fields, fragment: fragment)
            }
            guard fields["api"] == "1" else { return try googleBrowser(path: location.dropFirst(host.count)) }
            guard fields["map_action"] == "pano" else { throw PanoramaURLError("only map_action=pano (Street View) URLs open panoramas") }
            return try view(from: fields, placeField: "viewpoint")
        case "comgooglemaps":
            guard fields["mapmode"] == "streetview" else {
                throw PanoramaURLError("a comgooglemaps:// URL opens a panorama only with mapmode=streetview")
            }
            guard fields["center"] != nil else { throw PanoramaURLError("comgooglemaps:// needs center=LAT,LNG") }
            return try view(from: fields, placeField: "center")
        case "sidewalk":
            guard location.isEmpty || location == "view" || location == "view/" else {
                throw PanoramaURLError("sidewalk:// URLs look like sidewalk://view?pano=ID&heading=H")
            }
            var url = try view(from: fields, placeField: "viewpoint", placeRequired: false)
            url.roll = try number(fields, "roll", in: -180...180)
            if url.panoramaID == nil, url.place == nil, url.heading == nil, url.pitch == nil, url.fov == nil, url.roll == nil {
                url = PanoramaURL()
            }
            if let dataset = fields["dataset"] {
                guard !dataset.isEmpty, dataset.utf8.count <= 2048 else {
                    throw PanoramaURLError("dataset must be a path or address of 1 to 2048 bytes")
                }
                url.dataset = dataset
            }
            return url
        default:
            throw PanoramaURLError("unsupported scheme '\(scheme)' (https, comgooglemaps or sidewalk)")
        }
    }

    /// The URL of a view: `sidewalk://view?pano=ID&viewpoint=LAT,LNG&heading=H&pitch=P&fov=F`,
    /// with the panorama's fields only when there is one, `&roll=R` when the view is rolled, and
    /// `&dataset=` when the view is in another dataset than the demo town.
    package static func sidewalkURL(panorama: Panorama?, camera: PanoramaCamera, dataset: String? = nil) -> String {
        var fields: [String] = []
        if let panorama {
            fields.append("pano=" + percentEncoded(panorama.id))
            fields.append("viewpoint=\(rounded(panorama.coordinate.latitude, 6)),\(rounded(panorama.coordinate.longitude, 6))")
        }
        fields.append("heading=\(rounded(camera.heading, 1))")
        fields.append("pitch=\(rounded(camera.pitch, 1))")
        fields.append("fov=\(rounded(min(max(camera.effectiveFOV, fovRange.lowerBound), fovRange.upperBound), 1))")
        if camera.roll != 0 { fields.append("roll=\(rounded(camera.roll, 1))") }
        if let dataset { fields.append("dataset=" + percentEncoded(dataset)) }
        return "sidewalk://view?" + fields.joined(separator: "&")
    }

    /// A Panoramax viewer's permalink to `panorama` on the server at `origin` (`https://host`,
    /// whose web viewer is at its root): `ORIGIN/?pic=ID&map=19/LAT/LNG&xyz=HEADING/PITCH/0`, the
    /// form `panoramaxViewer` reads back. The viewer's zoom is left at 0, its widest.
    package static func panoramaxViewerURL(origin: String, panorama: Panorama, camera: PanoramaCamera) -> String {
        let place = "\(rounded(panorama.coordinate.latitude, 7))/\(rounded(panorama.coordinate.longitude, 7))"
        let heading = rounded(Degrees.wrap360(camera.heading), 1)
        return origin + "/?pic=" + percentEncoded(panorama.id) + "&map=19/" + place + "&xyz=\(heading)/\(rounded(camera.pitch, 1))/0"
    }

    /// The camera this URL asks for, from `base` (which keeps its values where the URL is
    /// silent). Google's fov F is the field of view shown: at a 90° field of view that is zoom
    /// tan(45°)/tan(F/2) (the camera's own convention); F over 90 widens the field of view at
    /// zoom 1 instead.
    package func camera(from base: PanoramaCamera) -> PanoramaCamera {
        var camera = base
        if let heading { camera.heading = heading }
        if let pitch { camera.pitch = pitch }
        if let fov { camera.show(fieldOfView: fov) }
        if let roll { camera.roll = roll }
        return camera
    }

    // MARK: - Reading fields

    private static func view(from fields: [String: String], placeField: String, placeRequired: Bool = true) throws(PanoramaURLError)
        -> PanoramaURL
    {
        var url = PanoramaURL()
        if let id = fields["pano"] {
            guard !id.isEmpty, id.count <= 256 else { throw PanoramaURLError("pano must be a panorama id of 1 to 256 characters") }
            url.panoramaID = id
        }
        if let text = fields[placeField] {
            switch Coordinate.parse(text) {
            case .success(let place): url.place = place
            case .failure(let error): throw PanoramaURLError("\(placeField) \(text): \(error.message)")
            }
        }
        if placeRequired, url.panoramaID == nil, url.place == nil {
            throw PanoramaURLError("the URL names no place: it needs \(placeField)=LAT,LNG or pano=ID")
        }
        url.heading = try number(fields, "heading", in: -180...360)
        url.pitch = try number(fields, "pitch", in: -90...90)
        url.fov = try number(fields, "fov", in: fovRange)
        return url
    }

    static func number(_ fields: [String: String], _ name: String, in range: ClosedRange<Double>) throws(PanoramaURLError) -> Double? {
        guard let text = fields[name] else { return nil }
        guard let value = Double(decimal: text) else { throw PanoramaURLError("\(name) must be a decimal number, not '\(text)'") }
        guard range.contains(value) else {
            throw PanoramaURLError("\(name) \(text) is out of range (\(range.lowerBound.plainText)...\(range.upperBound.plainText))")
        }
        return value
    }

    /// The query's fields, percent-decoded ('+' is a space). A field given twice is an error.
    static func fields(of query: String) throws(PanoramaURLError) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try percentDecoded(String(parts[0]))
            let value = try percentDecoded(parts.count > 1 ? String(parts[1]) : "")
            guard fields[name] == nil else { throw PanoramaURLError("\(name) is given twice") }
            fields[name] = value
        }
        return fields
    }

    static func percentDecoded(_ text: String) throws(PanoramaURLError) -> String {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw PanoramaURLError("a % in the URL is not followed by two hex digits")
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw PanoramaURLError("the URL decodes to invalid UTF-8") }
        guard !decoded.unicodeScalars.contains(where: ControlCharacters.isForbidden) else {
            throw PanoramaURLError("the URL contains control characters")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (byte < 0x80 && (Character(scalar).isLetter || Character(scalar).isNumber)) || "-._~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    static func rounded(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return ((value * scale).rounded() / scale).plainText
    }
}

/// Why a URL cannot be opened, in one line.
package struct PanoramaURLError: Error, Equatable, Sendable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
