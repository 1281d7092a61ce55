import Explorer
import PanoCore
import StreetModel

/// Runs the explorer with no terminal on a simulated clock: each step happens at the clock's
/// time, and what changed is said in words (`Narrator`) once the view settles. The same
/// `ExplorerState` as the interactive front; nothing here imitates it.
package struct ScriptRunner: Sendable {
    package private(set) var state: ExplorerState
    /// The simulated time, seconds since the start.
    package private(set) var clock: Double = 0
    /// The simulated frame interval, seconds: animations advance in these ticks.
    package static let frameInterval = 1.0 / 30

    /// What a speaking front does around each key; `problem` is checked on each arrival, so a
    /// script meets a broken image as the full view does.
    private var narration: Narration

    package init(
        state: ExplorerState, lookup: PlaceLookup? = nil, imageryNear: (@Sendable (Coordinate) -> DatasetGrowth)? = nil,
        problem: @escaping @Sendable (Panorama) -> String? = { _ in nil }
    ) {
        var state = state
        state.allowSearches(lookup)
        state.imageryCanBeRead = imageryNear != nil
        narration = Narration(&state, problem: problem, lookup: lookup, imageryNear: imageryNear)
        self.state = state
    }

    /// What a step or a tick did: the lines a screen reader says, and the events with their times.
    package struct Outcome: Sendable {
        package var lines: [String] = []
        package var events: [(event: ExplorerEvent, time: Double)] = []

        package init() {}
    }

    /// Takes what reading more of the dataset gave (`ExplorerState.grow`), at the script's clock.
    package mutating func grow(_ growth: DatasetGrowth) {
        state.grow(growth, at: clock)
    }

    /// Runs one step: a key or command, then time until the view settles (`waits`, as a person
    /// listening for the result) or one frame (the next step comes while it moves); or a wait.
    /// An expectation changes nothing here (`ScriptPlayer` checks it). Steps after a quit do nothing.
    package mutating func run(_ step: ScriptStep, waits: Bool = true) -> Outcome {
        var outcome = Outcome()
        guard !state.isFinished else { return outcome }
        let before = state.panorama?.id
        switch step {
        case .key(let key), .modified(let key, _):
            outcome.lines += narration.press(key, on: &state, at: clock).map { [$0] } ?? []
        case .chord(let keys):
            for key in keys { outcome.lines += narration.press(key, on: &state, at: clock).map { [$0] } ?? [] }
        case .command(let command):
            state.perform(command, at: clock)
            narration.searchIfAsked(on: &state)
        case .wait(let seconds):
            let end = clock + seconds
            collect(into: &outcome)
            // Frame by frame while something moves or plays, as the full view lets time pass.
            while state.isAnimating || state.playDue != nil, clock + Self.frameInterval < end {
                tick(to: clock + Self.frameInterval, into: &outcome)
            }
            tick(to: end, into: &outcome)
        case .expect: return outcome
        }
        narration.checkArrival(from: before, on: &state, at: clock)
        collect(into: &outcome)
        if step.isAction {
            if waits {
                while state.isAnimating { tick(to: clock + Self.frameInterval, into: &outcome) }
            } else {
                tick(to: clock + Self.frameInterval, into: &outcome)
            }
        }
        return outcome
    }

    /// Puts `text` on the status line now, as a front does for what it did itself (a note that
    /// the colours changed); it is said like any note.
    package mutating func say(_ text: String) -> Outcome {
        var outcome = Outcome()
        state.say(text, at: clock)
        collect(into: &outcome)
        return outcome
    }

    /// Lets one frame of time pass.
    package mutating func tick() -> Outcome {
        var outcome = Outcome()
        tick(to: clock + Self.frameInterval, into: &outcome)
        return outcome
    }

    private mutating func tick(to time: Double, into outcome: inout Outcome) {
        clock = time
        state.advance(to: clock)
        collect(into: &outcome)
    }

    /// Takes the events, and says what changed once nothing moves.
    private mutating func collect(into outcome: inout Outcome) {
        let (lines, events) = narration.collect(&state)
        outcome.events += events.map { ($0, clock) }
        outcome.lines += lines
    }
}
