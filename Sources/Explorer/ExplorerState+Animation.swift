import PanoCore

/// Time: camera moves, the blend between panoramas, and how long notes stay.
extension ExplorerState {
    /// Moves the camera along the animation to `now`, ends a transition or a note whose time is
    /// up; returns true when what is on screen changed. The final position is reached exactly,
    /// and reported.
    @discardableResult
    package mutating func advance(to now: Double) -> Bool {
        var moved = status.expire(at: now)
        if navigation.advanceTransition(to: now) { moved = true }
        if playStep(at: now) { moved = true }
        guard motion.animation != nil else { return moved }
        return reportingCamera { $0.advance(to: now) } || moved
    }

    /// Jumps to the end of any animation (before an instant command), reporting where.
    mutating func finishAnimation() {
        guard motion.animation != nil else { return }
        _ = reportingCamera { $0.finish() }
    }

    /// Changes the motion, and reports the camera's new place if it moved; returns whether it did.
    mutating func reportingCamera(_ change: (inout CameraMotion) -> Void) -> Bool {
        let before = camera
        change(&motion)
        guard camera != before else { return false }
        events.append(.didMoveCamera(heading: camera.heading, pitch: camera.pitch, zoom: camera.zoom))
        return true
    }

    /// Runs `body`; a new note it leaves goes after `StatusNote.lifetime` from `now`.
    mutating func timingNote(at now: Double?, _ body: (inout ExplorerState) -> Bool) -> Bool {
        let before = note
        let changed = body(&self)
        status.timeAfterCommand(before: before, changed: changed, at: now)
        return changed
    }

    /// Keeps a timed note until `time` at least: a front calls this when it first draws a note,
    /// so a note is never gone before anyone could read it, however late a slow or busy
    /// terminal drew it.
    package mutating func keepNote(until time: Double) {
        status.keep(until: time)
    }
}
