import PanoCore
import StreetModel

/// What is said on arrival: what changed first, and only what changed, so a listener hears a
/// step along a street in a few seconds; `r` says everything.
extension Narrator {
    /// Metres within which a marker is being passed: said on arrival even where the ways changed.
    static let passing = 10.0

    /// What a listener knows of a place: what the next arrival need not say again.
    package struct Heard: Equatable, Sendable {
        /// The place's name in its comma-separated parts ("Main Street 16", "Lindenfeld").
        var place: [String]
        /// The capture date as it is said, or nil.
        var date: String?
        /// The compass point faced, in words.
        var facing: String
        /// Each way on as direction and street ("east|Main Street"), sorted.
        var ways: [String]
        /// The nearest marker and where it lies ("Café Aurora|behind on the left"), or nil.
        var nearest: String?
        /// The floor, where the place has floors.
        var floor: Int?

        package init(_ state: ExplorerState) {
            place = SpokenWords.withoutSymbols(state.panorama.map { $0.description ?? $0.id } ?? "").split(separator: ",").map {
                String($0.drop { $0 == " " })
            }
            date = state.panorama?.captureDate.map(SpokenWords.date)
            facing = CompassPoint.word(forHeading: state.camera.heading)
            ways = state.numberedLinks.map(Self.key).sorted()
            nearest = nearbyMarkers(state).first.map { "\($0.title)|\(relativeDirection($0.turn))" }
            floor = state.floors?.current
        }

        static func key(_ link: Link) -> String {
            CompassPoint.word(forHeading: link.heading) + "|" + (link.description ?? "")
        }
    }

    /// The arrival after `heard` (nil for the first): the place (without the parts it shares
    /// with the last, e.g. the town) and the date if it changed; the facing (with the tilt and
    /// zoom where they are not level and 1), the ways and the
    /// floor if they changed; then the markers as `state.verbosity` asks: the nearest if it is
    /// new or moved to another side (normal, after the first; where the ways changed too, only
    /// within `passing` metres), all of them (full), none (brief);
    /// and on the first, the place found by name the view was turned to (`InitialView.subject`).
    package static func arrival(_ state: ExplorerState, after heard: Heard? = nil) -> String {
        let now = Heard(state)
        var parts = [placeLine(now, after: heard)]
        if now.facing != heard?.facing { parts.append("facing \(now.facing)" + lookAndZoom(state.camera)) }
        let ways = wayChange(state, now: now, after: heard)
        if let ways { parts.append(ways) }
        if now.floor != heard?.floor { parts += floors(state) }
        let near = nearbyMarkers(state)
        switch state.verbosity {
        case .brief: break
        case .normal:
            // Where the ways changed (a crossing), they are the news: a marker waits for a later
            // arrival unless it is close enough to be passing now.
            if heard != nil, now.nearest != heard?.nearest, let nearest = near.first, ways == nil || nearest.distance <= Self.passing {
                parts.append(phrase(nearest))
            }
        case .full: break
        }
        if heard == nil, let subject = state.panorama?.initialView?.subject, let here = state.panorama?.coordinate {
            // A place found where you stand is named by the place already, or said to be here.
            let distance = here.distance(to: subject.coordinate)
            let turn = Degrees.wrap180(here.bearing(to: subject.coordinate) - state.camera.heading)
            if distance >= 2 {
                parts.append(phrase(NearMarker(title: subject.name, distance: distance, turn: turn)))
            } else if now.place.first != subject.name {
                parts.append("\(subject.name) here")
            }
        }
        let markers = state.verbosity == .full && !near.isEmpty ? " " + markerGroups(near) : ""
        return parts.joined(separator: "; ") + "." + markers
    }

    /// "Main Street 18" after "Main Street 16, Lindenfeld"; the date when it differs.
    private static func placeLine(_ now: Heard, after heard: Heard?) -> String {
        var parts = now.place
        var before = heard?.place ?? []
        // Drop the trailing parts both share (the town), but never a number: a coordinate's
        // longitude is no town.
        while parts.count > 1, let last = parts.last, last == before.last, last.first?.isLetter == true {
            parts.removeLast()
            before.removeLast()
        }
        let date = now.date.flatMap { $0 == heard?.date ? nil : $0 }
        return (parts + (date.map { [$0] } ?? [])).joined(separator: ", ")
    }

    /// The ways, said when they changed: only the new ones when nothing was lost ("New way
    /// north along Station Road."), all of them otherwise.
    private static func wayChange(_ state: ExplorerState, now: Heard, after heard: Heard?) -> String? {
        guard now.ways != heard?.ways else { return nil }
        guard let heard, !state.numberedLinks.isEmpty, Set(heard.ways).isSubset(of: now.ways) else {
            return ways(state, naming: .unlessInPlace)
        }
        let new = state.numberedLinks.filter { !heard.ways.contains(Heard.key($0)) }
        return (new.count == 1 ? "new way " : "new ways ") + wayGroups(new, place: state.panorama?.description, naming: .unlessInPlace)
    }
}
