import TermRender

/// Decides when to draw and how exactly, from when things changed and whether the terminal
/// has taken the last frame. Pure: times are passed in (seconds on any monotonic clock).
///
/// - A change is drawn as a motion frame, at most `framesPerSecond` times a second, and only
///   once the writer is idle, so frames are skipped, never queued, on a slow link.
/// - One frame interval after the last change, an exact frame follows.
/// - A full redraw (first frame, resize, resume) is drawn exact as soon as the writer is idle.
package struct FramePacer: Sendable {
    /// What to do now.
    package enum Decision: Equatable, Sendable {
        /// Compose and write a frame of this quality now.
        case draw(FrameEncoder.Quality)
        /// Nothing to draw before this time (nil: not until something happens).
        case wait(until: Double?)
    }

    /// Shortest time between the starts of two frames, seconds.
    package let frameInterval: Double
    /// False draws a change exactly at once, with no motion frames before it: for moves that jump
    /// (a link too slow for motion), where a motion frame would only be sent again.
    package var drawsMotion = true
    private var lastFrameStart = -Double.infinity
    private var lastChange = -Double.infinity
    private var changePending = false
    private var redrawPending = false
    private var showingMotion = false

    /// `framesPerSecond` in 1...240.
    package init(framesPerSecond: Double) {
        frameInterval = 1 / min(max(framesPerSecond, 1), 240)
    }

    /// Something visible changed (the camera moved, the status changed).
    package mutating func noteChange(at now: Double) {
        changePending = true
        lastChange = now
    }

    /// The whole screen must be drawn again, exactly.
    package mutating func requestRedraw() {
        redrawPending = true
    }

    /// The quality of the frame waiting to be drawn, if any (drawn when its time comes).
    package var pendingQuality: FrameEncoder.Quality? {
        if redrawPending { return .exact }
        if changePending { return drawsMotion ? .motion : .exact }
        return showingMotion ? .exact : nil
    }

    /// What to do at `now`; `.draw` assumes the frame is then written.
    package mutating func decide(at now: Double, writerBusy: Bool) -> Decision {
        if writerBusy { return .wait(until: nil) }
        if redrawPending {
            redrawPending = false
            changePending = false
            showingMotion = false
            lastFrameStart = now
            return .draw(.exact)
        }
        if changePending {
            let earliest = lastFrameStart + frameInterval
            if now < earliest { return .wait(until: earliest) }
            changePending = false
            lastFrameStart = now
            guard drawsMotion else {
                showingMotion = false
                return .draw(.exact)
            }
            showingMotion = true
            return .draw(.motion)
        }
        if showingMotion {
            let settled = max(lastChange, lastFrameStart) + frameInterval
            if now < settled { return .wait(until: settled) }
            showingMotion = false
            lastFrameStart = now
            return .draw(.exact)
        }
        return .wait(until: nil)
    }
}
