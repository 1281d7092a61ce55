import PanoCore

/// What a follower (`--follow`) knows of the presenter's broadcast.
package enum PresenterLink: Equatable, Sendable {
    /// No broadcast to reach yet: the follower keeps trying.
    case waiting
    /// Connected: the view is the presenter's.
    case following
    /// The broadcast ended; the follower waits for it to start again.
    case ended

    /// What the follower's status line says of it.
    package var words: String {
        switch self {
        case .waiting: "Waiting for the presenter…"
        case .following: "Following the presenter"
        case .ended: "The presenter's broadcast has ended; waiting for it to start again"
        }
    }
}

/// Following a presenter (`--follow`): the view comes from the broadcast, not from keys.
extension ExplorerState {
    /// Shows the presenter's `view`: goes to its panorama (blended from `now`, as a walk is,
    /// unless `reduceMotion`) and takes its camera as it is. A panorama this dataset does not
    /// hold is said once. True when anything on screen changed.
    package mutating func follow(_ view: SharedView, at now: Double?) -> Bool {
        timingNote(at: now) { state in
            var changed = false
            if let id = view.panoramaID, id != state.panorama?.id {
                if let target = state.navigation.service?.panorama(id: id) {
                    let left = state.panorama
                    state.move(to: target)
                    if let now, !state.reduceMotion, let left { state.navigation.blend(from: left, at: now) }
                    changed = true
                } else if state.note != Self.elsewhere(id) {
                    state.note = Self.elsewhere(id)
                    changed = true
                }
            }
            let moved = state.reportingCamera { motion in
                motion.camera.heading = view.heading
                motion.camera.pitch = view.pitch
                motion.camera.zoom = view.zoom
                motion.camera.roll = view.roll
            }
            return changed || moved
        }
    }

    /// What a follower says when the presenter stands where its dataset has nothing.
    static func elsewhere(_ id: String) -> String {
        "The presenter is at '\(id)', which this dataset does not hold; follow with the presenter's dataset"
    }

    /// The keys a follower may press: leave, the help, hear where you are, and how its own
    /// terminal draws; any other says what the follower is doing ("Following the presenter").
    package static func followerMayPress(_ key: Key) -> Bool {
        switch key {
        case .character("q"), .character("Q"), .control("c"), .character("?"), .character("r"), .escape, .character("c"),
            .character("b"), .character("m"):
            true
        default: false
        }
    }
}
