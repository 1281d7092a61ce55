import PanoCore

extension PanoramaURL {
    /// A Google Maps Street View URL as a browser's address bar shows it:
    /// `https://www.google.com/maps/@LAT,LNG,3a,75y,90h,95t/data=!3m6!1e1!3m4!1sPANOID!2e0!...`.
    /// `y` is the field of view, `h` the heading, `t` the tilt (90 is level: pitch is t − 90), and
    /// the `!1s` element of `data` the panorama's id. `path` is what follows the host.
    static func googleBrowser(path: Substring) throws(PanoramaURLError) -> PanoramaURL {
        let needs = PanoramaURLError("a Google Maps URL needs api=1, or /@LAT,LNG,... as a browser shows it")
        guard let at = path.firstRange(of: "/@") else { throw needs }
        let segments = path[at.upperBound...].split(separator: "/", omittingEmptySubsequences: true)
        let view = segments.first.map { $0.split(separator: ",", omittingEmptySubsequences: false) } ?? []
        guard view.count >= 2, case .success(let place) = Coordinate.parse("\(view[0]),\(view[1])") else { throw needs }
        var url = PanoramaURL(place: place)
        for part in view.dropFirst(2) {
            guard let unit = part.last, let value = Double(decimal: String(part.dropLast())), value.isFinite else { continue }
            switch unit {
            case "y": url.fov = min(max(value, fovRange.lowerBound), fovRange.upperBound)
            case "h": url.heading = Degrees.wrap360(value)
            case "t": url.pitch = min(max(value - 90, -90), 90)
            case "z", "m": throw PanoramaURLError("this Google Maps URL shows a map, not Street View (no y, h and t)")
            default: break
            }
        }
        if let data = segments.first(where: { $0.hasPrefix("data=") }) {
            let id = data.split(separator: "!").first { $0.hasPrefix("1s") }.map { String($0.dropFirst(2)) }
            if let id, !id.isEmpty, id.count <= 256 { url.panoramaID = try percentDecoded(id) }
        }
        return url
    }
}
