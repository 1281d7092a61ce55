import PanoCore
import StreetModel

/// The markers near you, as the narrator reads them.
extension Narrator {
    /// A marker in range from where you stand and face.
    struct NearMarker {
        /// The marker's title (untrusted text from the dataset).
        var title: String
        /// Metres from you (≥ 0).
        var distance: Double
        /// Degrees clockwise from the heading to the marker (-180...180).
        var turn: Double
    }

    /// The markers within `Navigation.markerRange` of the panorama, nearest first.
    static func nearbyMarkers(_ state: ExplorerState) -> [NearMarker] {
        guard let here = state.panorama?.coordinate else { return [] }
        return state.markers
            .map {
                NearMarker(
                    title: $0.title, distance: here.distance(to: $0.coordinate),
                    turn: Degrees.wrap180(here.bearing(to: $0.coordinate) - state.camera.heading))
            }
            .filter { $0.distance <= Navigation.markerRange }
            .sorted { $0.distance < $1.distance }
    }

    /// One marker, where it lies: "Clock Tower 25 metres ahead right".
    static func phrase(_ marker: NearMarker) -> String {
        "\(marker.title) \(SpokenWords.metres(marker.distance)) metres \(relativeDirection(marker.turn))"
    }

    /// Markers grouped by the side they lie on, the nearer side first, "metres" said once:
    /// "Behind: Clock Tower 15 metres, Bakery Korn 60. On the left: Fountain 100."
    static func markerGroups(_ markers: [NearMarker]) -> String {
        var quarters: [String] = []
        var names: [String: [String]] = [:]
        for (index, marker) in markers.enumerated() {
            let quarter = quarterName(marker.turn)
            if names[quarter] == nil { quarters.append(quarter) }
            let unit = index == 0 ? " metres" : ""
            names[quarter, default: []].append("\(marker.title) \(SpokenWords.metres(marker.distance))\(unit)")
        }
        return quarters.map { "\($0): " + (names[$0] ?? []).joined(separator: ", ") + "." }.joined(separator: " ")
    }

    /// The side around you a turn (-180...180 degrees clockwise) falls in, as `relativeDirection`
    /// says it: "Ahead", "Ahead on the right", "On the right", "Behind on the left", "Behind".
    static func quarterName(_ turn: Double) -> String {
        let direction = relativeDirection(turn)
        return direction.prefix(1).uppercased() + direction.dropFirst()
    }
}
