import StreetModel

/// Plays a script on a `ScriptRunner`: its steps, its expectations (each waiting on the simulated
/// clock, frame by frame, up to its deadline, so an animated move is checked when it ends), and
/// the rule that an explorer error fails the script unless the next step expects it. Stops at the
/// first failure, as a test does.
public struct ScriptPlayer {
    /// One expectation's result.
    public struct Assertion: Sendable {
        public let line: ScriptLine
        /// Nil when it held; else what was there instead.
        public let found: String?
        /// When it was decided on the script's clock, seconds.
        public let time: Double
        public var passed: Bool { found == nil }

        public init(line: ScriptLine, found: String?, time: Double) {
            (self.line, self.found, self.time) = (line, found, time)
        }
    }

    /// Why a script failed: the line, and a message naming what was expected and what was there.
    public struct Failure: Sendable, Equatable {
        public let line: ScriptLine
        public let message: String

        public init(line: ScriptLine, message: String) {
            (self.line, self.message) = (line, message)
        }

        /// An explorer error that `line` caused and no `expect error` took.
        public static func explorerError(_ line: ScriptLine, _ message: String) -> Failure {
            Failure(line: line, message: "\(line.text): the explorer reported an error: \(message)")
        }

        /// An expectation that did not come true; `waited` seconds of the script's clock.
        public static func expectation(_ line: ScriptLine, found: String, waited: Double) -> Failure {
            Failure(line: line, message: "\(line.text): \(found)" + (waited > 0 ? " (waited \(seconds(waited)) s)" : ""))
        }
    }

    /// A line said, and the script line it was said after.
    public struct Said: Sendable, Equatable {
        public let line: Int
        public let text: String

        public init(line: Int, text: String) {
            (self.line, self.text) = (line, text)
        }
    }

    /// What a play did.
    public struct Result: Sendable {
        public var assertions: [Assertion] = []
        public var failure: Failure?
        /// Everything said, in order.
        public var transcript: [Said] = []
        public var passed: Bool { failure == nil }

        public init() {}
    }

    /// Told of each line said and event as they come; asked, on each arrival, for a service
    /// holding more of the dataset (a dataset read as you walk).
    public var said: (String) -> Void = { _ in }
    public var event: (ExplorerEvent, Double) -> Void = { _, _ in }
    public var arrived: (Panorama) -> PanoramaService? = { _ in nil }
    /// What the front does after each step and frame, as the full view does between frames (it
    /// changes how it draws when `c` or `b` asked, and says so).
    public var front: (inout ScriptRunner) -> ScriptRunner.Outcome = { _ in ScriptRunner.Outcome() }
    /// The screen's text for a state, for `expect screen` and `expect visible focus`; nil where
    /// there is none.
    public var screen: (ExplorerState) -> String? = { _ in nil }

    public init() {}

    /// Says where `runner` stands, then plays `lines` on it.
    public func play(_ lines: [ScriptLine], on runner: inout ScriptRunner) -> Result {
        var result = Result()
        let arrival = Narrator.arrival(runner.state)
        said(arrival)
        result.transcript.append(Said(line: 0, text: arrival))
        var sinceAction = (said: [arrival], events: [Perceived.Event]())
        var pending: (line: ScriptLine, message: String)?
        var lastAction: ScriptLine?
        func take(_ outcome: ScriptRunner.Outcome, after line: ScriptLine, on runner: inout ScriptRunner) {
            var outcome = outcome
            let fronted = front(&runner)
            outcome.lines += fronted.lines
            outcome.events += fronted.events
            for text in outcome.lines {
                said(text)
                result.transcript.append(Said(line: line.line, text: text))
                sinceAction.said.append(text)
            }
            for (happened, time) in outcome.events {
                event(happened, time)
                let perceived = Perceived.Event(happened, at: time)
                sinceAction.events.append(perceived)
                if let message = perceived.error, pending == nil { pending = (lastAction ?? line, message) }
                if case let .didMoveToPanorama(id) = happened, let here = runner.state.panorama, here.id == id,
                   let larger = arrived(here) { runner.adopt(larger) }
            }
        }
        for line in lines {
            let expectsError: Bool
            if case let .expect(expectation) = line.step, case .error = expectation.subject { expectsError = true } else { expectsError = false }
            if let error = pending, !expectsError {
                result.failure = .explorerError(error.line, error.message)
                return result
            }
            switch line.step {
            case let .expect(expectation):
                let start = runner.clock
                func perceived() -> Perceived {
                    Perceived(runner.state, said: sinceAction.said, events: sinceAction.events, screen: screen(runner.state))
                }
                var found = expectation.check(perceived())
                while found != nil, runner.clock - start < expectation.deadline, !runner.state.isFinished {
                    take(runner.tick(), after: line, on: &runner)
                    found = expectation.check(perceived())
                }
                result.assertions.append(Assertion(line: line, found: found, time: runner.clock))
                if let found {
                    result.failure = .expectation(line, found: found, waited: expectation.deadline > 0 ? runner.clock - start : 0)
                    return result
                }
                if expectsError { pending = nil }
            default:
                if line.step.isAction {
                    sinceAction = ([], [])
                    lastAction = line
                }
                take(runner.run(line.step, waits: line.waits), after: line, on: &runner)
            }
            if runner.state.isFinished { break }
        }
        if let error = pending {
            result.failure = .explorerError(error.line, error.message)
        }
        return result
    }

}

/// Seconds with at most one decimal: "2", "0.5".
private func seconds(_ value: Double) -> String {
    ((value * 10).rounded() / 10).plainText
}
