import PanoCore
import StreetModel

/// The command line after `:`: editing it, and running typed (programmatic) commands.
extension ExplorerState {
    /// Edits the command line: characters add, Backspace removes, Enter runs, Escape cancels.
    /// Ctrl-C quits, here as everywhere: in a terminal it is SIGINT, which no front can see as a
    /// key, so every front agrees with it (docs/decisions.md, 2026-12-01).
    mutating func edit(_ key: Key, at now: Double?) -> Bool {
        switch key {
        case .enter:
            let text = commandLine ?? ""
            commandLine = nil
            do { perform(try TypedCommand.parse(text), at: now) } catch { note = error.message }
        case .escape: commandLine = nil
        case .control("c"):
            commandLine = nil
            isFinished = true
        case .backspace: if commandLine?.isEmpty == false { commandLine?.removeLast() } else { commandLine = nil }
        case let .character(c) where (commandLine?.count ?? 0) < 200: commandLine?.append(c)
        default: return false
        }
        return true
    }

    /// Runs a typed command: programmatic, so gestures never block it. With `now`, `:animate`
    /// is animated and a note it leaves goes after `noteLifetime`.
    public mutating func perform(_ command: TypedCommand, at now: Double? = nil) {
        _ = timingNote(at: now) {
            $0.performUntimed(command, at: now)
            return true
        }
    }

    mutating func performUntimed(_ command: TypedCommand, at now: Double?) {
        var target = targetCamera
        switch command {
        case let .heading(h): target.heading = h
        case let .pitch(p): target.pitch = p
        case let .zoom(z): target.zoom = z
        case let .camera(h, p, z): (target.heading, target.pitch, target.zoom) = (h, p, z)
        case let .animate(h, p, z, seconds):
            let to = PanoramaCamera(heading: h, pitch: p, zoom: z, fov: camera.fov)
            if let now, seconds > 0, !reduceMotion {
                finishAnimation()
                animation = CameraAnimation(from: camera, to: to, start: now, duration: seconds)
                return
            }
            target = to
        case let .goto(id):
            guard let found = service?.panorama(id: id) else {
                note = "no panorama '\(id)'"
                events.append(.errorOnMoveToPanoramaID(id: id, message: "no such panorama"))
                return
            }
            move(to: found)
            return
        case let .near(place, radius, source):
            guard let service else {
                note = "no dataset to search"
                return
            }
            guard let found = service.nearest(to: place, radius: radius, source: source) else {
                let message = "No street-level imagery available within \(Int(radius)) m of \(place)"
                note = message
                events.append(.errorOnMoveNearCoordinate(coordinate: place, message: message))
                return
            }
            move(to: found)
            events.append(.didMoveToPanoramaNearCoordinate(id: found.id, coordinate: place))
            return
        case .quit:
            apply(.quit)
            return
        }
        finishAnimation()
        let before = camera
        camera = target
        if camera != before { events.append(.didMoveCamera(heading: camera.heading, pitch: camera.pitch, zoom: camera.zoom)) }
    }

    /// Goes to another panorama, keeping the view's direction.
    mutating func move(to target: Panorama) {
        guard target.id != panorama?.id else { return }
        finishAnimation()
        panorama = target
        events.append(.willMoveToPanorama(id: target.id))
        events.append(.didMoveToPanorama(id: target.id))
    }
}
