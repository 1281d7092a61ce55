import PanoCore
import StreetModel

/// Where you stand in a dataset and where each way on leads: the panorama, the one you came
/// from, the one you started at, home, and the blend into a panorama just reached. It decides
/// where a step goes; `ExplorerState` takes the step.
package struct Navigation: Sendable {
    /// The panorama you stand in; nil for a single image.
    package internal(set) var panorama: Panorama?
    /// The panorama before the current one, where a panorama that cannot be shown goes back to.
    var previous: Panorama?
    /// The panorama the explorer started at.
    let start: Panorama?
    /// The dataset's panoramas and markers (of a sharded dataset, those read so far); nil for a
    /// single image.
    private(set) var service: PanoramaService?
    /// Where `g` goes: the panorama nearest this place (within 100 m); nil for `start`.
    package var home: Coordinate?
    /// The blend from the panorama left behind into the current one, while it lasts.
    package internal(set) var transition: PanoramaTransition?
    /// True while the current panorama's own ways are still being read (a street-level
    /// service's picture a search found): having none yet is not having none.
    var waysPending = false
    /// The camera's heading on arriving here, degrees: the ways are numbered from the one
    /// nearest it, so 1 is the way on after a walk, and turning does not renumber them.
    private(set) var numberingHeading: Double
    /// `numberingHeading` at the panorama before this one.
    private var previousNumberingHeading: Double

    init(panorama: Panorama?, start: Panorama?, service: PanoramaService?, heading: Double) {
        self.panorama = panorama
        self.start = start
        self.service = service
        numberingHeading = heading
        previousNumberingHeading = heading
    }

    /// Where a step leads.
    enum Step: Equatable {
        /// To this panorama, facing this heading (degrees) when the step sets one.
        case arrive(Panorama, facing: Double?)
        /// Nowhere, for this reason (shown as the note).
        case refuse(String)
        /// A way whose target the dataset does not hold.
        case broken(target: String)
    }

    /// Markers farther than this from the panorama are not shown, metres ("too small").
    package static let markerRange = 150.0

    /// The places the street map holds around the panorama (`PlacesAround`), most notable and
    /// nearest first, as the front last read them.
    private(set) var places: [Marker] = []

    /// The dataset's markers (points of interest), then the street map's places around; empty
    /// for a single image.
    var markers: [Marker] {
        guard let service else { return [] }
        return places.isEmpty ? service.markers : service.markers + places
    }

    /// Takes the street map's places around the panorama; a single image has none. True when
    /// they changed.
    mutating func adopt(places: [Marker]) -> Bool {
        guard service != nil, places != self.places else { return false }
        self.places = places
        return true
    }

    /// The current panorama's links, numbered from 1: the way nearest the heading you arrived
    /// with, then the others clockwise from it.
    var numberedLinks: [Link] {
        let links = panorama?.links ?? []
        // Nearest the heading; of two equally near, the one on the right (clockwise).
        let ahead = links.map { Degrees.wrap180($0.heading - numberingHeading) }.min { (abs($0), -$0) < (abs($1), -$1) }
        guard let ahead else { return [] }
        let first = numberingHeading + ahead
        return links.sorted { Degrees.wrap360($0.heading - first) < Degrees.wrap360($1.heading - first) }
    }

    /// The ways on in order, then the markers in range, nearest first (outdoors: indoors they
    /// are outside, and not drawn): what Tab steps through.
    var focusables: [Focus] {
        guard let here = panorama?.coordinate else { return [] }
        let ways = numberedLinks.indices.map { Focus.link($0 + 1) }
        guard panorama?.source != .indoor else { return ways }
        let near = markers.filter { here.distance(to: $0.coordinate) <= Self.markerRange }
            .sorted { here.distance(to: $0.coordinate) < here.distance(to: $1.coordinate) }
        return ways + near.map { .marker($0.id) }
    }

    /// The level you are on and every level of this building reachable from here, lowest
    /// first; nil outside a building with other levels.
    var floors: (current: Int, all: [Int])? {
        guard let current = panorama, let level = current.level, let service else { return nil }
        let others = service.otherLevels(of: current).compactMap(\.level)
        return others.isEmpty ? nil : (level, (others + [level]).sorted())
    }

    /// Takes a service holding more of the dataset; a single image stays one.
    mutating func adopt(_ larger: PanoramaService) {
        guard service != nil else { return }
        service = larger
        // The panorama stood in may have lost ways: one that led to a picture now left out. Its
        // initial view is kept: it may face a place found by name (`InitialView.subject`).
        if let here = panorama, var fresh = larger.panorama(id: here.id) {
            fresh.initialView = here.initialView
            panorama = fresh
        }
    }

    /// Stands in `target` facing `heading` (degrees), remembering where you came from.
    mutating func arrive(at target: Panorama, facing heading: Double) {
        previous = panorama
        previousNumberingHeading = numberingHeading
        panorama = target
        numberingHeading = heading
    }

    /// Goes back to the panorama before this one (the current one could not be shown).
    mutating func goBack() {
        panorama = previous
        numberingHeading = previousNumberingHeading
        transition = nil
    }

    /// Starts the blend from `left` at `now`.
    mutating func blend(from left: Panorama, at now: Double) {
        transition = PanoramaTransition(from: left, start: now, duration: PanoramaTransition.duration)
    }

    /// Ends the blend when its time is up at `now`; returns whether one was under way.
    mutating func advanceTransition(to now: Double) -> Bool {
        guard let transition else { return false }
        if now >= transition.start + transition.duration { self.transition = nil }
        return true
    }

    /// Along the link nearest `heading` (within 90°), facing the way it goes; with
    /// `keepingHeading` (stepping back), facing as before. With no way there, says which ways
    /// there are.
    func walk(towards heading: Double, missing: String, keepingHeading: Bool = false) -> Step {
        guard let link = Self.way(from: panorama?.links ?? [], nearest: heading) else { return .refuse(waysInstead(of: missing)) }
        guard keepingHeading else { return follow(link) }
        guard let target = service?.panorama(id: link.target) else { return .broken(target: link.target) }
        return .arrive(target, facing: nil)
    }

    /// The link a step towards `heading` takes: the one nearest it, within 90°; nil when none is.
    static func way(from links: [Link], nearest heading: Double) -> Link? {
        links.map { ($0, abs(Degrees.wrap180($0.heading - heading))) }.filter { $0.1 < 90 }.min { $0.1 < $1.1 }?.0
    }

    /// How far a double click on the ground reaches for a panorama no way leads to, metres.
    static let approachRange = 60.0
    /// How far off the clicked direction that panorama may lie, degrees.
    static let approachSpread = 30.0

    /// Toward a point clicked on the ground: along the way nearest that heading (within 90°), or
    /// else to the nearest panorama within `approachSpread` of it and `approachRange` away (as
    /// Street View's double tap does where no way leads), facing as before.
    func approach(_ heading: Double) -> Step {
        let step = walk(towards: heading, missing: "no way that way")
        guard case .refuse = step, let here = panorama, let service else { return step }
        let ahead = service.panoramas(near: here.coordinate, radius: Self.approachRange).first {
            // Not another capture of this place (those are `t`'s), and not off to the side.
            $0.panorama.id != here.id && $0.distance >= 1
                && abs(Degrees.wrap180(here.coordinate.bearing(to: $0.panorama.coordinate) - heading)) <= Self.approachSpread
        }
        return ahead.map { .arrive($0.panorama, facing: nil) } ?? step
    }

    /// What a step is told while the ways from here are still being read.
    static let waysPendingNote = "the ways from here are still being read"

    /// "no way forward; ways go east along Main Street and west", or "no ways from here".
    private func waysInstead(of missing: String) -> String {
        let ways = numberedLinks.map { CompassPoint.word(forHeading: $0.heading) + ($0.description.map { " along \($0)" } ?? "") }
        guard !ways.isEmpty else { return panorama == nil ? missing : waysPending ? Self.waysPendingNote : "no ways from here" }
        let list = ways.count == 1 ? ways[0] : ways.dropLast().joined(separator: ", ") + " and " + ways.last!
        return "\(missing); ways go \(list)"
    }

    /// To a link's target, facing along the link (as Street View does when you walk).
    func follow(_ link: Link) -> Step {
        guard let target = service?.panorama(id: link.target) else { return .broken(target: link.target) }
        return .arrive(target, facing: link.heading)
    }

    /// To the floor `delta` levels up (+) or down (-) in this building.
    func level(by delta: Int) -> Step {
        guard let current = panorama, let service, let level = current.level else { return .refuse("no other floors here") }
        // Levels come from a file: checked arithmetic, so no value can trap here.
        let (wanted, overflow) = level.addingReportingOverflow(delta)
        guard !overflow, let target = service.otherLevels(of: current).first(where: { $0.level == wanted }) else {
            return .refuse(delta > 0 ? "no floor above" : "no floor below")
        }
        return .arrive(target, facing: nil)
    }

    /// Home: the panorama nearest `home`, or the start. A configured home never falls back to
    /// the start: saying there is nothing there is clearer.
    func homeStep() -> Step {
        let destination = home.map { service?.nearest(to: $0, radius: 100) } ?? start
        guard let destination else { return .refuse(home == nil ? "no home to go to" : "no imagery within 100 m of home") }
        return destination.id == panorama?.id ? .refuse("you are home") : .arrive(destination, facing: nil)
    }

    /// The same place at the next capture date after this one, wrapping round to the earliest.
    func nextDate() -> Step {
        guard let current = panorama, let others = service?.otherDates(of: current), !others.isEmpty else {
            return .refuse("no other dates here")
        }
        let date = current.captureDate ?? ""
        return .arrive(others.first { ($0.captureDate ?? "") > date } ?? others[0], facing: nil)
    }
}

/// A blend from the panorama left behind into the current one.
package struct PanoramaTransition: Equatable, Sendable {
    /// The panorama being left.
    package let from: Panorama
    /// When the blend starts, seconds.
    package let start: Double
    /// How long it takes, seconds.
    package let duration: Double
    /// How long the blend into a new panorama takes, seconds.
    package static let duration = 0.4

    /// How far the blend has come at `time`, eased, [0, 1].
    package func progress(at time: Double) -> Double {
        CameraAnimation.easeInOut(min(max((time - start) / duration, 0), 1))
    }
}
