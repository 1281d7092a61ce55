import PanoCore

/// Where the nearest imagery is from a place that has none within reach, as a user is told it:
/// "nearest imagery 320 m north-east, Main Street 18".
package struct NearestImagery: CustomStringConvertible, Equatable, Sendable {
    /// The panorama's address or description, else its id; untrusted text.
    package let name: String
    /// Metres from the place to it, ≥ 0.
    package let distance: Double
    /// Degrees clockwise from north, from the place towards it, [0, 360).
    package let bearing: Double

    package init(name: String, distance: Double, bearing: Double) {
        self.name = name
        self.distance = distance
        self.bearing = bearing
    }

    /// The nearest of `panoramas` to `place`, nil when there are none.
    package init?(from place: Coordinate, among panoramas: some Sequence<Panorama>) {
        var best: (panorama: Panorama, distance: Double)?
        for panorama in panoramas {
            let distance = place.distance(to: panorama.coordinate)
            if distance < best?.distance ?? .infinity { best = (panorama, distance) }
        }
        guard let best else { return nil }
        self.init(
            name: best.panorama.description ?? best.panorama.id, distance: best.distance,
            bearing: place.bearing(to: best.panorama.coordinate))
    }

    /// "nearest imagery 320 m north-east, Main Street 18".
    package var description: String {
        "nearest imagery \(Self.distanceText(distance)) \(CompassPoint.word(forHeading: bearing)), \(name)"
    }

    /// A distance as it is said: whole metres below 100 m, tens of metres below 1 km, then
    /// kilometres to one decimal below 10 km and whole above ("7 m", "320 m", "1.4 km", "12 km").
    package static func distanceText(_ metres: Double) -> String {
        switch metres {
        case ..<100: "\(Int(metres.rounded())) m"
        case ..<995: "\(Int((metres / 10).rounded()) * 10) m"
        case ..<9_950: "\(Double(Int((metres / 100).rounded())) / 10) km"
        default: "\(Int((metres / 1000).rounded())) km"
        }
    }
}
