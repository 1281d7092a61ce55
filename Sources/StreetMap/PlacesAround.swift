import PanoCore
import StreetModel

#if canImport(Glibc)
import Glibc
#endif

/// What a street map knows around where you stand, read from its point features: its named
/// places (shops, stops, landmarks) as markers, the most notable and nearest first, and the
/// address you stand at (the nearest house number and the street it is on). One basemap, one
/// decoded-tile cache: the map and the markers read the same tiles.
package enum PlacesAround {
    /// Places kept around one panorama, at most: the markers drawn are fewer
    /// (`mostDrawn`); the rest are read by `r` again and stepped through by Tab.
    package static let mostKept = 20
    /// Markers drawn over the view at once, at most, so a busy street does not bury the picture.
    package static let mostDrawn = 8
    /// How far a house number may be from you to name where you stand, metres.
    package static let addressReach = 30.0
    /// How far the street may be from the house number that names it, metres.
    static let streetReach = 60.0
    /// The rank a place whose map gives none is taken to have (1 most notable, 100 least).
    static let unrankedRank = 20

    /// How far from where you are `/` looks among the street map's names, metres.
    package static let nameReach = 1_000.0

    /// The scale the places are read at, metres a dot at `latitude`, for tiles of `zoom` (15:
    /// they hold every place; a map that stops at 14, as OpenMapTiles does, gives its 14).
    package static func metresPerDot(latitude: Double, zoom: Int = 15) -> Double {
        WebMercator.metresPerPixel(latitude: latitude, zoom: Double(zoom))
    }

    /// The point features of `basemap` within `metres` of `here`, from tiles of `zoom`; `waits`
    /// for tiles on their way (off the explorer's loop only).
    static func features(of basemap: any Basemap, around here: Coordinate, within metres: Double, zoom: Int = 15, waits: Bool)
        -> [MapFeature]
    {
        let scale = metresPerDot(latitude: here.latitude, zoom: zoom)
        return waits
            ? basemap.featuresWaiting(near: here, within: metres, metresPerDot: scale)
            : basemap.features(near: here, within: metres, metresPerDot: scale)
    }

    /// `basemap`'s places within `metres` of `here` as markers (`markers(around:within:in:)`);
    /// `waits` for its tiles there (off the explorer's loop only), else from what has arrived.
    package static func markers(around here: Coordinate, within metres: Double, of basemap: any Basemap, waits: Bool) -> [Marker] {
        markers(around: here, within: metres, in: features(of: basemap, around: here, within: metres, waits: waits))
    }

    /// Where `here` is by `basemap`'s house numbers (`address(at:in:)`), once its tiles there
    /// are read (off the explorer's loop only).
    package static func address(at here: Coordinate, of basemap: any Basemap) -> String? {
        address(at: here, in: features(of: basemap, around: here, within: addressReach + streetReach, waits: true))
    }

    /// `basemap`'s names within `nameReach` of `here` that a search may find: its places (with
    /// what they are, as words that find them less strongly) and its streets (at their point
    /// nearest `here`), once its tiles there are read (off the explorer's loop only).
    package static func names(near here: Coordinate, of basemap: any Basemap) -> [NamedPlace] {
        var places: [NamedPlace] = []
        for feature in features(of: basemap, around: here, within: nameReach, zoom: 14, waits: true) {
            guard let name = feature.name, !name.isEmpty else { continue }
            switch feature.kind {
            case .place:
                guard let point = feature.point, here.distance(to: point) <= nameReach else { continue }
                places.append(NamedPlace(name: name, kind: .marker, coordinate: point, id: markerID(point), detail: feature.category))
            case .road, .path:
                let nearest = feature.lines.joined().min { here.distance(to: $0) < here.distance(to: $1) }
                guard let nearest, here.distance(to: nearest) <= nameReach else { continue }
                places.append(NamedPlace(name: name, kind: .street, coordinate: nearest))
            default: continue
            }
        }
        return places
    }

    /// The places of `features` within `metres` of `here` as markers, at most `mostKept`: each
    /// once (a tile's neighbours repeat what lies near their edges), the most notable and nearest
    /// first (a place's distance counts more the less notable it is, so a bakery 20 m away
    /// comes before a museum 140 m away).
    package static func markers(around here: Coordinate, within metres: Double, in features: [MapFeature]) -> [Marker] {
        var seen = Set<String>()
        var ranked: [(weight: Double, marker: Marker)] = []
        for feature in features where feature.kind == .place {
            guard let name = feature.name, let point = feature.point else { continue }
            let distance = here.distance(to: point)
            guard distance <= metres, distance.isFinite else { continue }
            let id = markerID(point)
            guard seen.insert(id + "|" + name).inserted else { continue }
            let weight = max(distance, 1) * (1 + Double((feature.rank ?? unrankedRank) - 1) / 10)
            ranked.append((weight, Marker(id: id, coordinate: point, title: name, snippet: feature.category)))
        }
        ranked.sort { ($0.weight, $0.marker.title, $0.marker.id) < ($1.weight, $1.marker.title, $1.marker.id) }
        var ids = Set<String>()
        return ranked.prefix(mostKept).map { entry in
            var marker = entry.marker
            // Two places at one spot (shops in one building) each keep an id of their own.
            while !ids.insert(marker.id).inserted { marker.id += "+" }
            return marker
        }
    }

    /// A place's marker id, from where it stands (its name is untrusted text, kept out of ids):
    /// "map:48.858370,2.294481".
    static func markerID(_ point: Coordinate) -> String {
        "map:" + String(cFormat: "%.6f,%.6f", point.latitude, point.longitude)
    }

    /// Where you stand by address: the house number nearest `here` within `addressReach` and the
    /// named street nearest it within `streetReach` ("12 Rue Mercière"); the number alone where
    /// no street is named near it; nil where no house number is near.
    package static func address(at here: Coordinate, in features: [MapFeature]) -> String? {
        let numbers = features.compactMap { feature -> (String, Coordinate, Double)? in
            guard feature.kind == .address, let number = feature.name, let point = feature.point else { return nil }
            let distance = here.distance(to: point)
            return distance <= addressReach ? (number, point, distance) : nil
        }
        guard let (number, point, _) = numbers.min(by: { ($0.2, $0.0) < ($1.2, $1.0) }) else { return nil }
        var street: (name: String, distance: Double)?
        for feature in features where feature.kind == .road || feature.kind == .path {
            guard let name = feature.name, !name.isEmpty, feature.meets(point, within: streetReach) else { continue }
            let distance = feature.lines.map { distanceToLine(point, $0) }.min() ?? .infinity
            if distance <= streetReach, distance < street?.distance ?? .infinity { street = (name, distance) }
        }
        return street.map { "\(number) \($0.name)" } ?? number
    }

    /// Metres from `point` to the nearest point of `line` (a flat approximation, good within a
    /// few hundred metres).
    static func distanceToLine(_ point: Coordinate, _ line: [Coordinate]) -> Double {
        let metresPerDegree = 111_320.0
        let squeeze = cos(point.latitude * .pi / 180)
        func local(_ c: Coordinate) -> (x: Double, y: Double) {
            ((c.longitude - point.longitude) * metresPerDegree * squeeze, (c.latitude - point.latitude) * metresPerDegree)
        }
        guard let first = line.first else { return .infinity }
        if line.count == 1 {
            let p = local(first)
            return (p.x * p.x + p.y * p.y).squareRoot()
        }
        var best = Double.infinity
        for (from, to) in zip(line, line.dropFirst()) {
            let (a, b) = (local(from), local(to))
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let length = dx * dx + dy * dy
            let t = length > 0 ? min(max(-(a.x * dx + a.y * dy) / length, 0), 1) : 0
            let (x, y) = (a.x + t * dx, a.y + t * dy)
            best = min(best, (x * x + y * y).squareRoot())
        }
        return best
    }
}
