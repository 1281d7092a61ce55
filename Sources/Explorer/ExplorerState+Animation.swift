import PanoCore
import StreetModel

/// Camera moves over time: the animation under way, advancing it, finishing it.
extension ExplorerState {
    /// Moves the camera along the animation to `now`, ends a transition or a note whose time is
    /// up; returns true when what is on screen changed. The final position is reached exactly,
    /// and reported.
    @discardableResult
    public mutating func advance(to now: Double) -> Bool {
        var moved = false
        if let noteExpiry, now >= noteExpiry {
            note = nil
            self.noteExpiry = nil
            moved = true
        }
        if let transition {
            moved = true
            if now >= transition.start + transition.duration { self.transition = nil }
        }
        guard let animation else { return moved }
        let before = camera
        camera = animation.camera(at: now)
        if animation.isFinished(at: now) { self.animation = nil }
        if camera != before { events.append(.didMoveCamera(heading: camera.heading, pitch: camera.pitch, zoom: camera.zoom)) }
        return moved || camera != before
    }

    /// Where the camera is going: the animation's end, or where it is.
    var targetCamera: PanoramaCamera {
        animation.map { $0.camera(at: $0.start + $0.duration) } ?? camera
    }

    /// Jumps to the end of any animation (before an instant command), reporting where.
    mutating func finishAnimation() {
        guard let animation else { return }
        let before = camera
        camera = animation.camera(at: animation.start + animation.duration)
        self.animation = nil
        if camera != before { events.append(.didMoveCamera(heading: camera.heading, pitch: camera.pitch, zoom: camera.zoom)) }
    }

    /// The animation a camera command starts at `now`, added to what remains of the one under
    /// way; nil for commands that do not move the camera smoothly.
    func animated(_ command: ExplorerCommand, at now: Double) -> CameraAnimation? {
        let current = animation?.camera(at: now) ?? camera
        let remaining = animation?.remainingHeading(at: now) ?? 0
        let target = targetCamera
        var turn = remaining
        var pitch = target.pitch
        var zoom = target.zoom
        switch command {
        case let .turn(degrees): turn += degrees
        case let .tilt(degrees): pitch = PanoramaCamera(pitch: target.pitch + degrees).pitch
        case let .zoom(factor): zoom = PanoramaCamera(zoom: target.zoom * factor).zoom
        case .faceNorth:
            turn = Degrees.wrap180(0 - current.heading)
            pitch = 0
        default: return nil
        }
        return CameraAnimation(from: current, headingDelta: turn, toPitch: pitch, toZoom: zoom, start: now, duration: Self.keyMoveDuration)
    }
}
