import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// A place a dataset names: a marker (its title), a panorama (its description, an address) or a
/// street (the name its ways carry), where it is, and what it is.
package struct NamedPlace: Equatable, Sendable {
    package enum Kind: String, Sendable {
        case marker, panorama, street
    }

    /// The name as the dataset gives it (untrusted text).
    package var name: String
    package var kind: Kind
    package var coordinate: Coordinate
    /// The marker's or panorama's id; nil for a street.
    package var id: String?
    /// More words that find it, less strongly than its name (a marker's snippet).
    package var detail: String?

    package init(name: String, kind: Kind, coordinate: Coordinate, id: String? = nil, detail: String? = nil) {
        (self.name, self.kind, self.coordinate, self.id, self.detail) = (name, kind, coordinate, id, detail)
    }
}

/// A place found, how well its name matched (0...1.1: 1 when every word typed is a whole word
/// of the name, a little more when the name has no other words), and how far it is, metres, from
/// where the search was made.
package struct PlaceMatch: Equatable, Sendable {
    package var place: NamedPlace
    package var score: Double
    package var distance: Double?

    package init(place: NamedPlace, score: Double, distance: Double?) {
        (self.place, self.score, self.distance) = (place, score, distance)
    }
}

/// Finds places in a dataset by name, offline: without regard to case and accents, tolerant of
/// a typo (`bakry` finds Bakery Korn), every word typed matching a word of the name, as a whole
/// word, its start, or within one edit (two in words of eight letters or more). Better matches
/// first; among matches as good, the nearer.
package enum PlaceSearch {
    /// The places `service` names: its markers, its panoramas' descriptions (one place for each
    /// name, however many captures share it: the one nearest where the search is made answers),
    /// and its streets, each at the panorama nearest the middle of those whose ways carry its name.
    package static func places(in service: PanoramaService) -> [NamedPlace] {
        places(panoramas: service.panoramas, markers: service.markers)
    }

    /// The places `panoramas` and `markers` name, as `places(in:)` finds them.
    package static func places(panoramas: [Panorama], markers: [Marker]) -> [NamedPlace] {
        var places = markers.map {
            NamedPlace(name: $0.title, kind: .marker, coordinate: $0.coordinate, id: $0.id, detail: $0.snippet)
        }
        var streets: [String: [Coordinate]] = [:]
        for panorama in panoramas {
            if let description = panorama.description {
                places.append(NamedPlace(name: description, kind: .panorama, coordinate: panorama.coordinate, id: panorama.id))
            }
            for name in Set(panorama.links.compactMap(\.description)) { streets[name, default: []].append(panorama.coordinate) }
        }
        for (name, points) in streets.sorted(by: { $0.key < $1.key }) {
            // The mean of the points is a good middle for a street of a town (not across 180°).
            let middle =
                Coordinate(
                    latitude: points.map(\.latitude).reduce(0, +) / Double(points.count),
                    longitude: points.map(\.longitude).reduce(0, +) / Double(points.count)) ?? points[0]
            let nearest = points.min { $0.distance(to: middle) < $1.distance(to: middle) } ?? middle
            places.append(NamedPlace(name: name, kind: .street, coordinate: nearest))
        }
        return places
    }

    /// The pitch, degrees (0...60), that frames a marker `height` metres above the ground seen
    /// from `distance` metres away, the eye 2.5 m up: level for what stands about eye height,
    /// tilted up for a tower so its top (where its pin and label are drawn) is 15° above the
    /// middle of the view, within any view of 90° across.
    package static func framingPitch(height: Double, distance: Double) -> Double {
        guard height.isFinite, distance.isFinite, distance > 0 else { return 0 }
        let elevation = atan2(height - 2.5, distance) * 180 / .pi
        return min(max(elevation - 15, 0), 60)
    }

    /// How far from a place found its panorama may be, metres.
    package static let viewpointRadius = 200.0

    /// Where to stand to see `place`, and which way to face: the panorama itself when the place is
    /// one (its heading nil: as it opens), else the panorama nearest it within `viewpointRadius`
    /// (an outdoor one when `outdoors` and there is one) facing it, and how far it is, metres.
    package static func viewpoint(of place: NamedPlace, in service: PanoramaService, outdoors: Bool)
        -> (panorama: Panorama, heading: Double?, distance: Double)?
    {
        if place.kind == .panorama, let id = place.id, let found = service.panorama(id: id) { return (found, nil, 0) }
        guard let found = service.nearest(to: place.coordinate, radius: viewpointRadius, fromOutdoors: outdoors) else { return nil }
        let distance = found.coordinate.distance(to: place.coordinate)
        return (found, distance >= 2 ? found.coordinate.bearing(to: place.coordinate) : nil, distance)
    }

    /// The places among `places` that `query` names, best first, at most `limit`; places of one
    /// name (a marker and the street named after it, captures of one address) are one answer, the
    /// best of them.
    package static func search(_ query: String, in places: [NamedPlace], near: Coordinate? = nil, limit: Int = 10) -> [PlaceMatch] {
        let typed = SearchText.words(query)
        guard !typed.isEmpty else { return [] }
        var best: [String: PlaceMatch] = [:]
        for place in places {
            let words = SearchText.words(place.name)
            guard let score = score(typed, name: words, detail: place.detail.map(SearchText.words) ?? []) else { continue }
            let match = PlaceMatch(place: place, score: score, distance: near.map { place.coordinate.distance(to: $0) })
            let key = words.joined(separator: " ")
            if let kept = best[key], !isBetter(match, than: kept) { continue }
            best[key] = match
        }
        return Array(best.values.sorted(by: isBetter).prefix(limit))
    }

    /// Matches from several searches as one answer, best first, at most `limit`.
    package static func rank(_ matches: [PlaceMatch], limit: Int) -> [PlaceMatch] {
        Array(matches.sorted(by: isBetter).prefix(limit))
    }

    /// Better by score (in tenths), then nearer (in whole metres), then a marker before a
    /// panorama before a street, then by name.
    private static func isBetter(_ a: PlaceMatch, than b: PlaceMatch) -> Bool {
        func key(_ match: PlaceMatch) -> (Int, Int, Int, String) {
            let kinds: [NamedPlace.Kind] = [.marker, .panorama, .street]
            return (
                -Int((match.score * 10).rounded()), Int((match.distance ?? 0).rounded()), kinds.firstIndex(of: match.place.kind) ?? 0,
                match.place.name
            )
        }
        return key(a) < key(b)
    }

    /// How well the words typed match a name: the mean of each word's best match (1 whole,
    /// 0.8 the start of a word, 0.6 or 0.5 within one or two edits; a word of the detail counts
    /// half), plus a tenth of the share of the name's words matched; nil when a word matches nothing.
    static func score(_ typed: [String], name: [String], detail: [String]) -> Double? {
        var total = 0.0
        var matched = Set<Int>()
        for word in typed {
            var best = 0.0
            for (index, candidate) in name.enumerated() {
                let value = wordScore(word, candidate)
                if value > 0 { matched.insert(index) }
                best = max(best, value)
            }
            for candidate in detail { best = max(best, wordScore(word, candidate) / 2) }
            guard best > 0 else { return nil }
            total += best
        }
        return total / Double(typed.count) + 0.1 * Double(matched.count) / Double(max(1, name.count))
    }

    /// How well one word typed matches one word of a name: 1 whole, 0.8 its start, 0.6 or 0.5
    /// within one or two edits, 0 not at all.
    package static func wordScore(_ typed: String, _ candidate: String) -> Double {
        if typed == candidate { return 1 }
        if typed.count >= 2, candidate.hasPrefix(typed) { return 0.8 }
        let limit = typed.count >= 8 ? 2 : typed.count >= 4 ? 1 : 0
        guard limit > 0, let edits = SearchText.distance(typed, candidate, limit: limit) else { return 0 }
        return 0.7 - 0.1 * Double(edits)
    }
}
