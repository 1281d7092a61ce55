import PanoCore
import StreetModel

/// What every front that speaks instead of drawing does around a key (`--describe` on a terminal,
/// `--headless` and `sidewalk test --front headless` on a simulated clock): the key taken, and a
/// line when it does nothing; a panorama arrived at that cannot be shown marked as such; then
/// the events, and once nothing moves, what changed since it was last said (`Narrator`).
package struct Narration: Sendable {
    /// What was last said about: the next lines compare the settled view with it.
    private var lastSaid: Narrator.Snapshot
    /// Why a panorama cannot be shown, or nil when it can: the front's check, run on each arrival.
    private let problem: @Sendable (Panorama) -> String?
    /// Where a name the dataset does not hold in memory is searched for; nil for nowhere.
    private let lookup: PlaceLookup?
    /// Reads the imagery near a place the map asked to go to; nil for a dataset read whole.
    private let imageryNear: (@Sendable (Coordinate) -> DatasetGrowth)?
    /// Speaking about `state`, whose street map's places around its first panorama it reads
    /// (`PlaceLookup.placesAround`, waiting for its tiles: these fronts have nothing else to do
    /// meanwhile).
    package init(
        _ state: inout ExplorerState, problem: @escaping @Sendable (Panorama) -> String? = { _ in nil }, lookup: PlaceLookup? = nil,
        imageryNear: (@Sendable (Coordinate) -> DatasetGrowth)? = nil
    ) {
        if let places = lookup?.placesAround, let here = state.panorama?.coordinate { state.placesAround(places(here, true)) }
        lastSaid = Narrator.Snapshot(state)
        self.problem = problem
        self.lookup = lookup
        self.imageryNear = imageryNear
    }

    /// Presses `key` (at `now`, seconds, to animate; nil for at once): the line saying it does
    /// nothing here, or nil. A web search the key asked for is made at once: these fronts have
    /// nothing else to do meanwhile.
    package func press(_ key: Key, on state: inout ExplorerState, at now: Double?) -> String? {
        let handled = state.handle(key, at: now)
        searchIfAsked(on: &state)
        return handled ? nil : Narrator.unbound(key, in: state)
    }

    /// Makes the web search the last step asked for (a key, or a script's `:find`), and reads
    /// the imagery the map asked for, if any: these fronts have nothing else to do meanwhile.
    package func searchIfAsked(on state: inout ExplorerState) {
        while let asked = state.takeSearch() {
            switch asked {
            case .names(let text, let near):
                state.showNamesFound(lookup?.names?(text, near) ?? .success([]), for: text)
            case .web(let text):
                guard let web = lookup?.web else { continue }
                state.showFound(web.search(text), for: text, attribution: web.attribution)
            }
        }
        if let imageryNear, let place = state.takeImageryAsked() {
            state.grow(imageryNear(place))
            state.imageryRead(near: place)
        }
    }

    /// After a step that started at the panorama `before`: a panorama arrived at that cannot be
    /// shown is marked so, as the full view marks one it fails to decode; the street map's
    /// places around the one stood in are read.
    package func checkArrival(from before: String?, on state: inout ExplorerState, at now: Double?) {
        if let arrived = state.panorama, arrived.id != before, let reason = problem(arrived) {
            state.cannotShow(arrived.id, reason: reason, at: now)
        }
        if let places = lookup?.placesAround, let here = state.panorama, here.id != before {
            state.placesAround(places(here.coordinate, true))
        }
    }

    /// The events so far, and, once nothing moves, the lines saying what changed.
    package mutating func collect(_ state: inout ExplorerState) -> (lines: [String], events: [ExplorerEvent]) {
        let events = state.takeEvents()
        guard !state.isAnimating else { return ([], events) }
        defer { lastSaid = Narrator.Snapshot(state) }
        return (Narrator.changes(from: lastSaid, to: state), events)
    }
}
