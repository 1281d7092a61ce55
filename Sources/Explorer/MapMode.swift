import PanoCore
import StreetModel

/// The full-screen map (`M`): where its cursor is, how much it shows, and the places Tab steps
/// through. Pure; the front draws it (`StreetMap`).
package struct MapMode: Equatable, Sendable {
    /// Where the cursor is; the map is centred on it.
    package internal(set) var cursor: Coordinate
    /// Metres one map dot spans (a braille cell is 2×4 dots), `scales`' range.
    package internal(set) var metresPerDot: Double
    /// The panoramas and markers near where the map was opened, nearest first: Tab's stops.
    let stops: [Stop]
    /// The stop Tab went to last.
    var stop: Int?

    /// A place Tab goes to.
    struct Stop: Equatable, Sendable {
        let name: String
        let coordinate: Coordinate
        /// The panorama the stop is (Enter goes to it); nil for a marker.
        let panoramaID: String?
    }

    /// The map's scales: + halves the metres per dot, - doubles them.
    package static let scales = 0.25...64.0
    /// Metres per dot when the map opens: 160 m across an 80-column screen, a few blocks.
    package static let openingScale = 1.0
    /// How far an arrow key moves the cursor: this many dots.
    static let stepDots = 8.0
    /// Enter goes to the panorama nearest the cursor within this many dots (and at least
    /// `leastJumpRadius` metres).
    static let jumpDots = 6.0
    static let leastJumpRadius = 15.0
    /// Stops: the nearest this many panoramas and markers.
    static let stopCount = 12

    /// Metres within which Enter finds a panorama at this scale.
    var jumpRadius: Double { max(Self.leastJumpRadius, Self.jumpDots * metresPerDot) }
}

/// The minimap's settings, from the command line and config.json.
package struct MinimapSettings: Equatable, Sendable {
    /// Shown at start on screens at least 100×30; nil: shown there, off below.
    package var shown: Bool?
    /// The map turns with you, your heading up, instead of north up.
    package var headingUp = false

    package init(shown: Bool? = nil, headingUp: Bool = false) {
        self.shown = shown
        self.headingUp = headingUp
    }

    /// `shown` for "auto" (nil), "on" and "off"; nil for anything else.
    package static func shown(named name: String) -> Bool?? {
        switch name {
        case "auto": .some(nil)
        case "on": true
        case "off": false
        default: nil
        }
    }

    /// The smallest screen the minimap shows on by default, cells.
    package static let defaultMinimum = (columns: 100, rows: 30)

    /// Whether the minimap shows at start on a `columns`×`rows` screen.
    package func shownAtStart(columns: Int, rows: Int) -> Bool {
        shown ?? (columns >= Self.defaultMinimum.columns && rows >= Self.defaultMinimum.rows)
    }
}
