import PanoCore

extension PanoramaURL {
    /// A `geo:` URI (RFC 5870): `geo:LAT,LON[,ALT]` with parameters after `;` (`crs=wgs84`, the
    /// only reference system it defines and the default; `u=METRES`, the uncertainty), and the
    /// `?z=ZOOM` or `?q=…` query Android's geo intents add, which are not part of the place.
    /// The altitude and uncertainty are read and not used: the panorama nearest the place opens.
    static func geo(_ text: String) throws(PanoramaURLError) -> PanoramaURL {
        let body = text.dropFirst("geo:".count).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = body.split(separator: ";", omittingEmptySubsequences: false)
        let numbers = parts[0].split(separator: ",", omittingEmptySubsequences: false)
        guard (2...3).contains(numbers.count), numbers.allSatisfy({ Double(decimal: String($0)) != nil }) else {
            throw PanoramaURLError("a geo: URI is geo:LAT,LON[,ALT] (RFC 5870), not '\(text)'")
        }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].lowercased()
            let value = pair.count > 1 ? pair[1].lowercased() : ""
            if name == "crs", value != "wgs84" { throw PanoramaURLError("geo: crs=\(value): only wgs84 places are known") }
            if name == "u", Double(decimal: value).map({ $0 >= 0 }) != true {
                throw PanoramaURLError("geo: u must be an uncertainty in metres, not '\(value)'")
            }
        }
        switch Coordinate.parse("\(numbers[0]),\(numbers[1])") {
        case .success(let place): return PanoramaURL(place: place)
        case .failure(let error): throw PanoramaURLError("geo:\(parts[0]): \(error.message)")
        }
    }

    /// An OpenStreetMap permalink: `https://www.openstreetmap.org/#map=ZOOM/LAT/LNG`, where a
    /// marker (`?mlat=LAT&mlon=LNG`) wins over the map's centre.
    static func openStreetMap(query: [String: String], fragment: [String: String]) throws(PanoramaURLError) -> PanoramaURL {
        if let latitude = query["mlat"], let longitude = query["mlon"] {
            switch Coordinate.parse("\(latitude),\(longitude)") {
            case .success(let place): return PanoramaURL(place: place)
            case .failure(let error): throw PanoramaURLError("mlat, mlon: \(error.message)")
            }
        }
        guard let map = fragment["map"] else { throw PanoramaURLError("an OpenStreetMap URL names a place with #map=ZOOM/LAT/LNG") }
        let parts = map.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, Double(decimal: String(parts[0])) != nil,
            case .success(let place) = Coordinate.parse("\(parts[1]),\(parts[2])")
        else {
            throw PanoramaURLError("#map must be ZOOM/LAT/LNG, not '\(map)'")
        }
        return PanoramaURL(place: place)
    }
}
