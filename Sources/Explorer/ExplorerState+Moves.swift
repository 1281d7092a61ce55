import PanoCore
import StreetModel

/// Taking the steps `Navigation` decides, reading markers, and going back from a panorama that
/// cannot be shown.
extension ExplorerState {
    /// Says whether the current panorama's own ways are still being read (a front that reads a
    /// dataset as the walk goes knows): a step meanwhile is told so, not that there are none.
    package mutating func waysBeingRead(_ pending: Bool) {
        navigation.waysPending = pending
    }

    /// Takes a step: arrives (facing the way, when the step says), or says why not.
    mutating func take(_ step: Navigation.Step) {
        switch step {
        case .arrive(let target, let facing):
            arrive(at: target, facing: facing)
        case .refuse(let reason): note = reason
        case .broken(let target):
            note = "the way to '\(target)' leads nowhere" + (partNotRead.map { "; not read: \($0)" } ?? "")
            events.append(.errorOnMoveToPanoramaID(id: target, message: "no such panorama"))
        }
    }

    /// A turn, tilt, look, zoom or face-north, at once. It levels a photo's rolled first view.
    mutating func moveCamera(_ command: ExplorerCommand) {
        camera.roll = 0
        switch command {
        case .turn(let degrees): camera.heading += degrees
        case .tilt(let degrees): camera.pitch += degrees
        case .look(let turn, let tilt):
            camera.heading += turn
            camera.pitch += tilt
        case .zoom(let factor): camera.zoom *= factor
        case .faceNorth:
            camera.heading = 0
            camera.pitch = 0
        default: break
        }
    }

    /// Home: the home panorama with the view the explorer started with (Street View's "my
    /// location"); at home already, the start view alone.
    mutating func goHome() {
        let step = navigation.homeStep()
        if case .refuse("you are home") = step {
            guard camera != startCamera else {
                note = "you are home"
                return
            }
        } else {
            guard case .arrive(let target, _) = step else { return take(step) }
            arrive(at: target, facing: startCamera.heading)
        }
        camera = startCamera
    }

    /// The one path to another panorama, whatever asked (a key, a click, a typed command, a
    /// script), facing `facing` (degrees) when given, else as before: it drops the focus, whose
    /// index meant a way or marker of the panorama left.
    mutating func arrive(at target: Panorama, facing: Double? = nil) {
        guard target.id != panorama?.id else { return }
        if let facing { camera.heading = facing }
        camera.roll = 0  // the roll was the first view of the photo left
        navigation.arrive(at: target, facing: camera.heading)
        focusRing.clear()
    }

    /// Shows a marker's title and snippet and where it lies ("Boulangerie Dupont, bakery, 18
    /// metres on the right"), and reports the tap.
    mutating func read(markerID id: String) {
        guard let marker = markers.first(where: { $0.id == id }) else { return }
        var parts = [marker.title] + (marker.snippet.map { [$0] } ?? [])
        if let here = panorama?.coordinate {
            let turn = Degrees.wrap180(here.bearing(to: marker.coordinate) - camera.heading)
            parts.append("\(SpokenWords.metres(here.distance(to: marker.coordinate))) metres \(Narrator.relativeDirection(turn))")
        }
        note = parts.joined(separator: ", ")
        events.append(.didTapMarker(id: id))
    }

    /// Tells the state that the panorama it moved to cannot be shown (its image is missing or
    /// broken): it goes back to the panorama it came from, says why, and reports
    /// `errorOnMoveToPanoramaID`, so no front claims to stand where it shows nothing. `now` as
    /// for `handle(_:at:)`: with it the note goes after its lifetime.
    package mutating func cannotShow(_ id: String, reason: String, at now: Double? = nil) {
        guard panorama?.id == id else { return }
        _ = timingNote(at: now) { state in
            state.navigation.goBack()
            state.focusRing.clear()
            state.note = "cannot show \(id): \(reason)"
            state.events.append(.errorOnMoveToPanoramaID(id: id, message: reason))
            return true
        }
    }
}

extension ExplorerState {
    /// After `t`: which of the place's dates this is, of how many, first ("Date 1 of 2:
    /// 15 December 2023."), so a listener knows how many there are without counting presses.
    mutating func sayWhichDate() {
        guard let here = panorama, let service = navigation.service else { return }
        let dates = (service.otherDates(of: here) + [here]).sorted { ($0.captureDate ?? "") < ($1.captureDate ?? "") }
        guard dates.count > 1, let index = dates.firstIndex(where: { $0.id == here.id }) else { return }
        note = "Date \(index + 1) of \(dates.count)" + (here.captureDate.map { ": \(SpokenWords.date($0))." } ?? ".")
    }
}
