import PanoCore
import StreetModel

/// The command line after `:`: editing it, and running typed (programmatic) commands.
extension ExplorerState {
    /// Gives a key to the open command line (`CommandLineEditor`), running the line on Enter.
    mutating func edit(_ key: Key, at now: Double?) -> Bool {
        guard let outcome = commandEditor.edit(key) else { return false }
        switch outcome {
        case .edited: break
        // Said, so a listener knows the keys are the explorer's again.
        case .cancelled: note = "Command cancelled."
        case .run(let text):
            do { perform(try TypedCommand.parse(text), at: now) } catch { note = error.message }
        case .quit: isFinished = true
        }
        return true
    }

    /// Runs a typed command: programmatic, so gestures never block it. With `now`, `:animate`
    /// is animated and a note it leaves goes after `noteLifetime`.
    package mutating func perform(_ command: TypedCommand, at now: Double? = nil) {
        _ = timingNote(at: now) {
            $0.performUntimed(command, at: now)
            return true
        }
    }

    mutating func performUntimed(_ command: TypedCommand, at now: Double?) {
        var target = motion.target
        switch command {
        case .heading(let h): target.heading = h
        case .pitch(let p): target.pitch = p
        case .zoom(let z): target.zoom = z
        case .camera(let h, let p, let z): (target.heading, target.pitch, target.zoom) = (h, p, z)
        case .animate(let h, let p, let z, let seconds):
            let to = PanoramaCamera(heading: h, pitch: p, zoom: z, fov: camera.fov)
            if let now, seconds > 0, !reduceMotion {
                finishAnimation()
                motion.animate(to: to, at: now, seconds: seconds)
                return
            }
            target = to
        case .goto(let id):
            guard let found = navigation.service?.panorama(id: id) else {
                note = "no panorama '\(id)'"
                events.append(.errorOnMoveToPanoramaID(id: id, message: "no such panorama"))
                return
            }
            move(to: found)
            return
        case .near(let place, let radius, let source):
            guard let service = navigation.service else {
                note = "no dataset to search"
                return
            }
            // Standing outdoors, an outdoor panorama within the radius before a nearer room.
            let outdoors = source == .default && (panorama?.source ?? .outdoor) == .outdoor
            guard
                let found = outdoors
                    ? service.nearest(to: place, radius: radius, fromOutdoors: true)
                    : service.nearest(to: place, radius: radius, source: source)
            else {
                let nearest = NearestImagery(from: place, among: service.panoramas.filter { source.admits($0.source) })
                let message = "No street-level imagery available within \(Int(radius)) m of \(place)" + (nearest.map { "; \($0)" } ?? "")
                note = message
                events.append(.errorOnMoveNearCoordinate(coordinate: place, message: message))
                return
            }
            move(to: found)
            events.append(.didMoveToPanoramaNearCoordinate(id: found.id, coordinate: place))
            return
        case .find(let text):
            find(text)
            return
        case .map:
            openMap()
            return
        case .quit:
            apply(.quit)
            return
        }
        finishAnimation()
        _ = reportingCamera { $0.camera = target }
    }

    /// Goes to another panorama, keeping the view's direction.
    mutating func move(to target: Panorama, facing: Double? = nil) {
        guard target.id != panorama?.id else { return }
        finishAnimation()
        arrive(at: target, facing: facing)
        events.append(.willMoveToPanorama(id: target.id))
        events.append(.didMoveToPanorama(id: target.id))
    }
}
