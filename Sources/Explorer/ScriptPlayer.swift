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
    }

    /// Why a script failed: the line, and a message naming what was expected and what was there.
    public struct Failure: Sendable, Equatable {
        public let line: ScriptLine
        public let message: String
    }

    /// A line said, and the script line it was said after.
    public struct Said: Sendable, Equatable {
        public let line: Int
        public let text: String
    }

    /// What a play did.
    public struct Result: Sendable {
        public var assertions: [Assertion] = []
        public var failure: Failure?
        /// Everything said, in order.
        public var transcript: [Said] = []
        public var passed: Bool { failure == nil }
    }

    /// Told of each line said and event as they come; asked, on each arrival, for a service
    /// holding more of the dataset (a dataset read as you walk).
    public var said: (String) -> Void = { _ in }
    public var event: (ExplorerEvent, Double) -> Void = { _, _ in }
    public var arrived: (Panorama) -> PanoramaService? = { _ in nil }

    public init() {}

    /// Says where `runner` stands, then plays `lines` on it.
    public func play(_ lines: [ScriptLine], on runner: inout ScriptRunner) -> Result {
        var result = Result()
        let arrival = Narrator.arrival(runner.state)
        said(arrival)
        result.transcript.append(Said(line: 0, text: arrival))
        var sinceAction = (said: [arrival], events: [ExplorerEvent]())
        var pending: (line: ScriptLine, message: String)?
        var lastAction: ScriptLine?
        func take(_ outcome: ScriptRunner.Outcome, after line: ScriptLine, on runner: inout ScriptRunner) {
            for text in outcome.lines {
                said(text)
                result.transcript.append(Said(line: line.line, text: text))
                sinceAction.said.append(text)
            }
            for (happened, time) in outcome.events {
                event(happened, time)
                sinceAction.events.append(happened)
                if let message = happened.errorMessage, pending == nil { pending = (lastAction ?? line, message) }
                if case let .didMoveToPanorama(id) = happened, let here = runner.state.panorama, here.id == id,
                   let larger = arrived(here) { runner.adopt(larger) }
            }
        }
        for line in lines {
            let expectsError: Bool
            if case let .expect(expectation) = line.step, case .error = expectation.subject { expectsError = true } else { expectsError = false }
            if let error = pending, !expectsError {
                result.failure = Failure(line: error.line, message: "\(error.line.text): the explorer reported an error: \(error.message)")
                return result
            }
            switch line.step {
            case let .expect(expectation):
                let start = runner.clock
                var found = expectation.check(.init(state: runner.state, said: sinceAction.said, events: sinceAction.events))
                while found != nil, runner.clock - start < expectation.deadline, !runner.state.isFinished {
                    take(runner.tick(), after: line, on: &runner)
                    found = expectation.check(.init(state: runner.state, said: sinceAction.said, events: sinceAction.events))
                }
                result.assertions.append(Assertion(line: line, found: found, time: runner.clock))
                if let found {
                    let waited = expectation.deadline > 0 ? " (waited \(Self.seconds(runner.clock - start)) s)" : ""
                    result.failure = Failure(line: line, message: "\(line.text): \(found)\(waited)")
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
            result.failure = Failure(line: error.line, message: "\(error.line.text): the explorer reported an error: \(error.message)")
        }
        return result
    }

    /// Seconds with at most one decimal: "2", "0.5".
    static func seconds(_ value: Double) -> String {
        ((value * 10).rounded() / 10).plainText
    }
}
