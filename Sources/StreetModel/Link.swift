import PanoCore

/// A way from one panorama to a neighbour.
package struct Link: Equatable, Sendable {
    /// The neighbour's panorama id.
    package var target: String
    /// Compass heading from here towards it, degrees clockwise from north, [0, 360).
    package var heading: Double
    /// What the way is, e.g. a street name; untrusted text.
    package var description: String?
    /// Where the neighbour stands, when the manifest says (a sharded dataset's link to a
    /// panorama in another shard must, so that shard can be found and loaded).
    package var targetCoordinate: Coordinate?

    package init(target: String, heading: Double, description: String? = nil, targetCoordinate: Coordinate? = nil) {
        self.target = target
        self.heading = Degrees.wrap360(heading)
        self.description = description
        self.targetCoordinate = targetCoordinate
    }
}
