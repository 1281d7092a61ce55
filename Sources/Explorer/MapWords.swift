import PanoCore
import StreetModel

/// The map in words, for `--describe` and `--headless`: what is around you, and what is at the
/// cursor as it moves. Nothing of the map is shown by colour alone: this is all of it.
enum MapWords {
    /// Where you are, the nearest panoramas and markers, and the streets from here: "You are at
    /// Main Street 16. Nearest: Main Street 14, 12 m west; Café Aurora, 30 m north-east. Streets:
    /// Main Street, east and west."
    static func neighbourhood(of state: ExplorerState) -> String {
        guard let here = state.panorama else { return "" }
        var parts = ["You are at \(here.description ?? here.id)."]
        let near = nearest(state, from: here, panoramas: 3, markers: 3)
        if !near.isEmpty { parts.append("Nearest: " + near.joined(separator: "; ") + ".") }
        let streets = streetDirections(of: here)
        if !streets.isEmpty { parts.append("Streets: " + streets.joined(separator: "; ") + ".") }
        return parts.joined(separator: " ")
    }

    /// What opening the map says, short enough to hear in about ten seconds (30 words at a
    /// screen reader's usual 175 a minute): where you are and the two nearest places; `r` says
    /// the rest (`neighbourhood` and the keys).
    static func opening(of state: ExplorerState) -> String {
        guard let here = state.panorama else { return "Map." }
        // The town said once: "Main Street 18", not "Main Street 18, Lindenfeld", after it.
        let town = (here.description ?? "").split(separator: ",").dropFirst().last.map { "," + $0 } ?? ""
        let near = nearest(state, from: here, panoramas: 2, markers: 2).prefix(2)
            .map { town.count > 1 ? $0.replacing(town + ",", with: ",") : $0 }
        let nearest = near.isEmpty ? "" : " Nearest: " + near.joined(separator: "; ") + "."
        return "Map. You are at \(here.description ?? here.id).\(nearest) r says more."
    }

    /// The nearest panoramas (of distinct places) and markers within 200 m, at most so many of
    /// each, nearest first: "Café Aurora, 10 m north-west".
    private static func nearest(_ state: ExplorerState, from here: Panorama, panoramas: Int, markers: Int) -> [String] {
        let places = state.distinctPlaces(within: 200).prefix(panoramas).map { ($0.description ?? $0.id, $0.coordinate) }
        let marks = state.markers.map { ($0.title, $0.coordinate) }.filter { here.coordinate.distance(to: $0.1) <= 200 }
            .sorted { here.coordinate.distance(to: $0.1) < here.coordinate.distance(to: $1.1) }.prefix(markers)
        return (places + marks).sorted { here.coordinate.distance(to: $0.1) < here.coordinate.distance(to: $1.1) }
            .map { "\($0.0), \(offset(from: here.coordinate, to: $0.1))" }
    }

    /// `r` on the map: everything around, and the keys.
    static func reading(of state: ExplorerState) -> String {
        "Map. " + neighbourhood(of: state) + " " + keys
    }

    /// The map's keys, in words.
    static let keys =
        "Arrows move the cursor, + and - zoom, Tab goes to the next place, / finds a place by name, Enter goes to the panorama "
        + "at the cursor, Escape returns."

    /// Where the cursor is from you, and the panorama Enter would go to (`mapTarget`): "Cursor 24 m east of
    /// you. Nearest panorama: Main Street 18, 2 m north; Enter goes there."
    static func cursor(in state: ExplorerState) -> String {
        guard let mode = state.map else { return "" }
        var text =
            "Cursor "
            + (state.panorama.map {
                offset(from: $0.coordinate, to: mode.cursor, at: "at you") + (mode.cursor == $0.coordinate ? "" : " of you")
            } ?? "")
        if let target = state.mapTarget() {
            text +=
                ". Nearest panorama: \(target.description ?? target.id), \(offset(from: mode.cursor, to: target.coordinate, at: "here")); Enter goes there."
        } else {
            text += ". No panorama within \(Int(mode.jumpRadius.rounded())) m."
        }
        return text
    }

    /// The scale in words: "2 m a dot".
    static func scale(_ mode: MapMode) -> String {
        "\(mode.metresPerDot.plainText) m a dot"
    }

    /// "12 m west"; `same` when closer than a metre.
    static func offset(from origin: Coordinate, to place: Coordinate, at same: String = "here") -> String {
        let distance = origin.distance(to: place)
        guard distance >= 1 else { return same }
        return "\(Int(distance.rounded())) m \(CompassPoint.word(forHeading: origin.bearing(to: place)))"
    }

    /// Each street the ways from `panorama` follow, with the directions it leads: "Main Street,
    /// east and west"; ways without a name as "a way north".
    static func streetDirections(of panorama: Panorama) -> [String] {
        var order: [String] = []
        var directions: [String: [String]] = [:]
        for link in panorama.links.sorted(by: { $0.heading < $1.heading }) {
            let name = link.description ?? ""
            if directions[name] == nil { order.append(name) }
            directions[name, default: []].append(CompassPoint.word(forHeading: link.heading))
        }
        return order.map { name in
            let ways = directions[name]!.joined(separator: " and ")
            return name.isEmpty ? "a way \(ways)" : "\(name), \(ways)"
        }
    }
}
