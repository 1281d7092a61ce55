import PanoCore

/// Where the camera looks, and the move it is making, if any.
package struct CameraMotion: Sendable, Equatable {
    package var camera: PanoramaCamera
    /// The camera move under way, if any.
    package internal(set) var animation: CameraAnimation?
    /// How long a key's camera move takes, seconds.
    package static let keyMoveDuration = 0.2
    /// How far into its move a key's camera move from rest already is when the key is taken,
    /// seconds: one frame at 30 fps, so the frame drawn at once shows the move's first step instead
    /// of the view before it (which would answer the key a frame interval late). A key during a
    /// move takes it on from where it is: that move is already showing.
    package static let firstStep = 1.0 / 30

    /// Where the camera is going: the animation's end, or where it is.
    var target: PanoramaCamera {
        animation.map { $0.camera(at: $0.start + $0.duration) } ?? camera
    }

    /// Moves the camera along the animation to `now` (seconds), reaching its end exactly.
    mutating func advance(to now: Double) {
        guard let animation else { return }
        camera = animation.camera(at: now)
        if animation.isFinished(at: now) { self.animation = nil }
    }

    /// Jumps to the end of any animation (before an instant command).
    mutating func finish() {
        camera = target
        animation = nil
    }

    /// Starts the animation a key's camera command makes at `now`, added to what remains of the
    /// one under way; returns false, changing nothing, for commands that do not move the camera
    /// smoothly.
    mutating func animate(_ command: ExplorerCommand, at now: Double) -> Bool {
        let current = animation?.camera(at: now) ?? camera
        var turn = animation?.remainingHeading(at: now) ?? 0
        var pitch = target.pitch
        var zoom = target.zoom
        switch command {
        case .turn(let degrees): turn += degrees
        case .tilt(let degrees): pitch = PanoramaCamera(pitch: target.pitch + degrees).pitch
        case .zoom(let factor): zoom = PanoramaCamera(zoom: target.zoom * factor).zoom
        case .faceNorth:
            turn = Degrees.wrap180(0 - current.heading)
            pitch = 0
        default: return false
        }
        let fromRest = animation == nil
        animation = CameraAnimation(
            from: current, headingDelta: turn, toPitch: pitch, toZoom: zoom, start: fromRest ? now - Self.firstStep : now,
            duration: Self.keyMoveDuration)
        if fromRest { advance(to: now) }
        return true
    }

    /// Starts a move from here to `camera` over `seconds` from `now` (`:animate`).
    mutating func animate(to camera: PanoramaCamera, at now: Double, seconds: Double) {
        animation = CameraAnimation(from: self.camera, to: camera, start: now, duration: seconds)
    }
}
