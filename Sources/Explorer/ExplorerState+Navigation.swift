import PanoCore
import StreetModel

/// Moving between panoramas: ways, floors, home, capture dates; and reading markers.
extension ExplorerState {
    /// Shows a marker's title and snippet, and reports the tap.
    mutating func read(markerID id: String) {
        guard let marker = markers.first(where: { $0.id == id }) else { return }
        note = [marker.title, marker.snippet].compactMap { $0 }.joined(separator: ": ")
        events.append(.didTapMarker(id: id))
    }

    /// Walks along the link nearest `heading` (within 90°), facing the way it goes.
    mutating func walk(towards heading: Double, missing: String) {
        let nearest = (panorama?.links ?? [])
            .map { ($0, abs(Degrees.wrap180($0.heading - heading))) }
            .filter { $0.1 < 90 }
            .min { $0.1 < $1.1 }
        if let link = nearest?.0 { follow(link) } else { note = missing }
    }

    /// Moves to a link's target, facing along the link (as Street View does when you walk).
    mutating func follow(_ link: Link) {
        guard let target = service?.panorama(id: link.target) else {
            note = "the way to '\(link.target)' leads nowhere"
            events.append(.errorOnMoveToPanoramaID(id: link.target, message: "no such panorama"))
            return
        }
        panorama = target
        camera.heading = link.heading
    }

    mutating func changeLevel(by delta: Int) {
        guard let current = panorama, let service, let level = current.level else {
            note = "no other floors here"
            return
        }
        // Levels come from a file: checked arithmetic, so no value can trap here.
        let (wanted, overflow) = level.addingReportingOverflow(delta)
        if !overflow, let target = service.otherLevels(of: current).first(where: { $0.level == wanted }) {
            panorama = target
        } else {
            note = delta > 0 ? "no floor above" : "no floor below"
        }
    }

    mutating func goHome() {
        // A configured home never falls back to the start: saying there is nothing there is clearer.
        let destination = home.map { service?.nearest(to: $0, radius: 100) } ?? start
        guard let destination else {
            note = home == nil ? "no home to go to" : "no imagery within 100 m of home"
            return
        }
        if destination.id == panorama?.id { note = "you are home" } else { panorama = destination }
    }

    mutating func switchDate() {
        guard let current = panorama, let service else {
            note = "no other dates here"
            return
        }
        let others = service.otherDates(of: current)
        guard !others.isEmpty else {
            note = "no other dates here"
            return
        }
        // The next date after this one, wrapping round to the earliest.
        let date = current.captureDate ?? ""
        panorama = others.first { ($0.captureDate ?? "") > date } ?? others[0]
    }

    /// Tells the state that the panorama it moved to cannot be shown (its image is missing or
    /// broken): it goes back to the panorama it came from, says why, and reports
    /// `errorOnMoveToPanoramaID`, so no front claims to stand where it shows nothing. `now` as
    /// for `handle(_:at:)`: with it the note goes after its lifetime.
    public mutating func cannotShow(_ id: String, reason: String, at now: Double? = nil) {
        guard panorama?.id == id else { return }
        _ = timingNote(at: now) { state in
            let back = state.previousPanorama
            state.panorama = back
            state.transition = nil
            state.note = "cannot show \(id): \(reason)"
            state.events.append(.errorOnMoveToPanoramaID(id: id, message: reason))
            return true
        }
    }
}
