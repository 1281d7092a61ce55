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
        let near = state.distinctPlaces(within: 200).prefix(3)
            .map { "\($0.description ?? $0.id), \(offset(from: here.coordinate, to: $0.coordinate))" }
        let markers = state.markers.map { ($0, here.coordinate.distance(to: $0.coordinate)) }.filter { $0.1 <= 200 }
            .sorted { $0.1 < $1.1 }.prefix(3).map { "\($0.0.title), \(offset(from: here.coordinate, to: $0.0.coordinate))" }
        if !(near + markers).isEmpty { parts.append("Nearest: " + (near + markers).joined(separator: "; ") + ".") }
        let streets = streetDirections(of: here)
        if !streets.isEmpty { parts.append("Streets: " + streets.joined(separator: "; ") + ".") }
        return parts.joined(separator: " ")
    }

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
