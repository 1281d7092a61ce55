import PanoCore
import StreetMap

/// Several basemaps drawn as one: a street map and the imagery's coverage over it.
package struct LayeredBasemap: Basemap {
    package let layers: [any Basemap]

    package init(_ layers: [any Basemap]) {
        self.layers = layers
    }

    package var attribution: String { layers.map(\.attribution).filter { !$0.isEmpty }.joined(separator: " · ") }

    package func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] {
        layers.flatMap { $0.features(near: centre, within: metres, metresPerDot: metresPerDot) }
    }

    package func featuresWaiting(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] {
        layers.flatMap { $0.featuresWaiting(near: centre, within: metres, metresPerDot: metresPerDot) }
    }

    package func notify(_ arrived: @escaping @Sendable () -> Void) {
        for layer in layers { layer.notify(arrived) }
    }
}
