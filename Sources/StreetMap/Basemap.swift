import PanoCore
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// A street map drawn under the panoramas: streets, paths, railways, water, buildings and parks,
/// from a source of map data (a PMTiles archive of OpenMapTiles vector tiles, `VectorTiles`).
package protocol Basemap: Sendable {
    /// The features within about `metres` of `centre`, at a level of detail for `metresPerDot`.
    func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature]
    /// As `features`, once the tiles they lie in have been read: off the explorer's loop only
    /// (a basemap read at once never waits).
    func featuresWaiting(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature]
    /// Shown with the map: whose data it is ("© OpenStreetMap contributors").
    var attribution: String { get }
    /// Calls `arrived` (on any thread) when more has arrived to draw; a basemap read at once
    /// never does.
    func notify(_ arrived: @escaping @Sendable () -> Void)
}

extension Basemap {
    package func notify(_ arrived: @escaping @Sendable () -> Void) {}

    package func featuresWaiting(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] {
        features(near: centre, within: metres, metresPerDot: metresPerDot)
    }
}

/// One thing of a basemap: what it is, its name, and its lines (an area's outline is a line
/// that closes).
package struct MapFeature: Equatable, Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        case road, path, rail, water, building, park
        /// Where a street-level imagery service has imagery (its sequences), beyond the panoramas read.
        case coverage
        /// A named point of interest (a shop, a stop, a landmark): one point, its `category` and
        /// `rank`; a marker in the view, not a line on the map (`PlacesAround`).
        case place
        /// A house number (its `name`) at one point: where you stand, by address.
        case address
    }

    package let kind: Kind
    /// A street's or water's name (untrusted text); nil when it has none.
    package let name: String?
    package let lines: [[Coordinate]]
    /// What a place is, in words ("bakery", "bus stop"; untrusted text); nil for other kinds.
    package let category: String?
    /// How notable a place is among the map's, 1 (most) to 100 (least); nil for other kinds.
    package let rank: Int?
    /// The box its lines lie in, degrees: south, west, north, east (all 0 with no point).
    private let box: (south: Double, west: Double, north: Double, east: Double)

    package init(kind: Kind, name: String? = nil, lines: [[Coordinate]], category: String? = nil, rank: Int? = nil) {
        (self.kind, self.name, self.lines, self.category) = (kind, name, lines, category)
        self.rank = rank.map { min(max($0, 1), 100) }
        let points = lines.joined()
        let latitudes = points.map(\.latitude)
        let longitudes = points.map(\.longitude)
        box = (latitudes.min() ?? 0, longitudes.min() ?? 0, latitudes.max() ?? 0, longitudes.max() ?? 0)
    }

    /// About the memory it takes, bytes: the feature, its name, each line's array and points.
    package var bytes: Int {
        112 + (name?.utf8.count ?? 0) + (category?.utf8.count ?? 0)
            + lines.reduce(0) { $0 + 32 + $1.count * MemoryLayout<Coordinate>.stride }
    }

    package static func == (a: MapFeature, b: MapFeature) -> Bool {
        a.kind == b.kind && a.name == b.name && a.lines == b.lines && a.category == b.category && a.rank == b.rank
    }

    /// True when some of it may lie within `metres` of `centre` (its box meets that square), so
    /// a map draws only what it can show.
    package func meets(_ centre: Coordinate, within metres: Double) -> Bool {
        let latitudeSpan = metres / 111_320
        let longitudeSpan = latitudeSpan / max(cos(centre.latitude * .pi / 180), 0.01)
        return box.north >= centre.latitude - latitudeSpan && box.south <= centre.latitude + latitudeSpan
            && box.east >= centre.longitude - longitudeSpan && box.west <= centre.longitude + longitudeSpan
    }

    /// Where a point feature (a place, an address) stands; nil for one without points.
    package var point: Coordinate? { lines.first?.first }

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
        case .place: RGB(220, 170, 60)
        case .address: RGB(110, 110, 110)
        }
    }
}
