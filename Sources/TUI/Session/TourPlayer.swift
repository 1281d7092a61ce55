import Explorer
import ExplorerScripts

/// `sidewalk tour FILE`: a script played in the full explorer at a person's pace, for an
/// audience. Each key or command waits until the view has settled and `pace` seconds have
/// passed since the last one; `wait N` lines wait N seconds more; expectations are a test's,
/// and are skipped. Space pauses and resumes; any other key stops the tour and hands the keys
/// to the presenter. With `loops`, the tour starts again from the top after its last step.
package struct TourPlayer {
    /// The steps played, in order: actions and waits.
    let steps: [ScriptStep]
    /// Seconds between one action settling and the next, 0.2...60.
    let pace: Double
    /// True when the tour starts again after its last step.
    let loops: Bool
    /// The next step's index.
    private(set) var next = 0
    /// When the next step may go, seconds since start; nil until the view first settles.
    private(set) var dueAt: Double?
    /// True while Space holds the tour.
    private(set) var isPaused = false

    package init(_ lines: [ScriptLine], pace: Double, loops: Bool) {
        steps = lines.map(\.step).filter { step in
            if case .expect = step { false } else { true }
        }
        (self.pace, self.loops) = (pace, loops)
    }

    /// What the tour does at `now` while the view is `settled`: the action due, if any (a
    /// `wait` moves the time on and gives nothing); `.restart` when a looping tour starts again;
    /// `.over` once after the last step of one that does not.
    package enum Due: Equatable {
        case action(ScriptStep)
        case restart
        case over
    }

    package mutating func due(at now: Double, settled: Bool) -> Due? {
        guard !isPaused, settled else { return nil }
        guard let dueAt else {
            dueAt = now + pace
            return nil
        }
        guard now >= dueAt else { return nil }
        guard next < steps.count else {
            next = 0
            self.dueAt = now + pace
            return loops ? .restart : .over
        }
        let step = steps[next]
        next += 1
        if case .wait(let seconds) = step {
            self.dueAt = now + seconds
            return due(at: now, settled: settled)
        }
        self.dueAt = nil
        return .action(step)
    }

    /// Where the tour is, for the audience: the action just played (from 1) and how many the
    /// tour has (its waits not counted).
    package var progress: (step: Int, of: Int) {
        let isAction = { (step: ScriptStep) -> Bool in
            if case .wait = step { false } else { true }
        }
        return (steps.prefix(next).filter(isAction).count, steps.filter(isAction).count)
    }

    /// Seconds from `now` until a step may be due; nil while paused or waiting for the view.
    package func wake(at now: Double) -> Double? {
        guard !isPaused, let dueAt else { return nil }
        return max(0, dueAt - now)
    }

    /// Space: holds the tour, or lets it go on a `pace` from `now`. True when it is now paused.
    package mutating func togglePause(at now: Double) -> Bool {
        isPaused.toggle()
        if !isPaused { dueAt = now + pace }
        return isPaused
    }
}
