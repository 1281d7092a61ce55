import PanoCore
import TermRender

/// A street map drawn under the panoramas: streets, paths, railways, water, buildings and parks,
/// from a source of map data (a PMTiles archive of OpenMapTiles vector tiles, `VectorTiles`).
package protocol Basemap: Sendable {
    /// The features within about `metres` of `centre`, at a level of detail for `metresPerDot`.
    func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature]
    /// Shown with the map: whose data it is ("© OpenStreetMap contributors").
    var attribution: String { get }
    /// Calls `arrived` (on any thread) when more has arrived to draw; a basemap read at once
    /// never does.
    func notify(_ arrived: @escaping @Sendable () -> Void)
}

extension Basemap {
    package func notify(_ arrived: @escaping @Sendable () -> Void) {}
}

/// One thing of a basemap: what it is, its name, and its lines (an area's outline is a line
/// that closes).
package struct MapFeature: Equatable, Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        case road, path, rail, water, building, park
        /// Where a street-level imagery service has imagery (its sequences), beyond the panoramas read.
        case coverage
    }

    package var kind: Kind
    /// A street's or water's name (untrusted text); nil when it has none.
    package var name: String?
    package var lines: [[Coordinate]]

    package init(kind: Kind, name: String? = nil, lines: [[Coordinate]]) {
        (self.kind, self.name, self.lines) = (kind, name, lines)
    }

    /// The colour a kind is drawn in: quieter than the panoramas' ways, each told apart.
    package var color: RGB {
        switch kind {
        case .road: RGB(150, 150, 150)
        case .path: RGB(120, 120, 100)
        case .rail: RGB(140, 110, 140)
        case .water: RGB(70, 120, 200)
        case .building: RGB(95, 95, 95)
        case .park: RGB(80, 140, 80)
        case .coverage: RGB(60, 170, 160)
        }
    }
}
