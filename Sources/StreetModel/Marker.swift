import PanoCore

/// A point of interest shown in panoramas near it (GMSMarker).
package struct Marker: Equatable, Sendable {
    package var id: String
    package var coordinate: Coordinate
    /// Height above the ground, metres.
    package var height: Double
    /// Untrusted text.
    package var title: String
    /// Untrusted text.
    package var snippet: String?

    package init(id: String, coordinate: Coordinate, height: Double = 0, title: String, snippet: String? = nil) {
        self.id = id
        self.coordinate = coordinate
        self.height = height
        self.title = title
        self.snippet = snippet
    }
}
