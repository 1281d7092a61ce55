import Explorer

/// Plays a script on a front (`ScriptFront`: headless, or the full view on a terminal): its
/// steps, its expectations (each waiting on the front's clock, a moment at a time, up to its
/// deadline, so an animated move is checked when it ends), and the rule that an explorer error
/// fails the script unless the next step expects it. Stops at the first hard failure, as a test
/// does, and lists the expectations it did not reach as skipped, so a script's counts never
/// change between red and green; a soft expectation's failure is recorded and the play goes on.
/// The rules live here once, so a script gives the same results on every front.
package enum ScriptPlayer {
    /// One expectation's result.
    package struct Assertion: Sendable {
        package let line: ScriptLine
        /// Nil when it held; else what was there instead.
        package let found: String?
        /// When it was decided on the script's clock, seconds.
        package let time: Double
        /// Nil when it held; else the failure's message, and what was there whole (the screen,
        /// the events with their fields, the lines said; `Expectation.evidence`), if anything.
        package var failure: Failure?
        package var evidence: String?
        /// Wall-clock seconds since the previous expectation was decided (or the start): the
        /// steps before it and its own wait.
        package var seconds: Double = 0
        package var passed: Bool { found == nil }

        package init(line: ScriptLine, found: String?, time: Double) {
            (self.line, self.found, self.time) = (line, found, time)
        }
    }

    /// Why a script failed: the line, and a message naming what was expected and what was there.
    package struct Failure: Sendable, Equatable {
        package let line: ScriptLine
        package let message: String

        package init(line: ScriptLine, message: String) {
            (self.line, self.message) = (line, message)
        }

        /// An explorer error that `line` caused and no `expect error` took.
        package static func explorerError(_ line: ScriptLine, _ message: String) -> Failure {
            Failure(line: line, message: "\(line.text): the explorer reported an error: \(message)")
        }

        /// An expectation that did not come true; `waited` seconds of the script's clock.
        package static func expectation(_ line: ScriptLine, found: String, waited: Double) -> Failure {
            Failure(line: line, message: "\(line.text): \(found)" + (waited > 0 ? " (waited \(seconds(waited)) s)" : ""))
        }
    }

    /// A line said, and the script line it was said after.
    package struct Said: Sendable, Equatable {
        package let line: Int
        package let text: String

        package init(line: Int, text: String) {
            (self.line, self.text) = (line, text)
        }
    }

    /// What a play did.
    package struct Result: Sendable {
        package var assertions: [Assertion] = []
        /// The first failure: the one that stopped the play, else the first soft one.
        package var failure: Failure?
        /// The expectations not reached because a hard failure stopped the play, in order.
        package var skipped: [ScriptLine] = []
        /// Everything said, in order.
        package var transcript: [Said] = []
        package var passed: Bool { failure == nil }

        package init() {}
    }

    /// Says where the explorer stands, then plays `lines` on `front`; `wallClock` (seconds,
    /// any origin) times each expectation.
    package static func play<Front: ScriptFront>(
        _ lines: [ScriptLine], on front: inout Front, wallClock: () -> Double = { 0 }
    ) -> Result {
        var result = playSteps(lines, on: &front, wallClock: wallClock)
        if let stopped = result.failure, let index = lines.firstIndex(where: { $0.line == stopped.line.line }) {
            let decided = Set(result.assertions.map(\.line.line))
            result.skipped = lines[index...].filter {
                $0.step.isExpectation && !decided.contains($0.line) && $0.line != stopped.line.line
            }
        }
        if result.failure == nil { result.failure = result.assertions.lazy.compactMap(\.failure).first }
        return result
    }

    /// The steps of `play`, up to the first hard failure.
    private static func playSteps<Front: ScriptFront>(_ lines: [ScriptLine], on front: inout Front, wallClock: () -> Double) -> Result {
        var result = Result()
        var lastDecided = wallClock()
        var sinceAction = (said: [String](), events: [Perceived.Event]())
        var pending: (line: ScriptLine, message: String)?
        var lastAction: ScriptLine?
        func collect(after line: ScriptLine) {
            let news = front.takeNews()
            result.transcript += news.said.map { Said(line: line.line, text: $0) }
            sinceAction.said += news.said
            sinceAction.events += news.events
            if pending == nil, let message = news.events.lazy.compactMap(\.error).first { pending = (lastAction ?? line, message) }
        }
        collect(after: ScriptLine(.wait(seconds: 0), line: 0, text: "start"))
        for line in lines {
            front.reached(line)
            let expectsError: Bool
            if case .expect(let expectation) = line.step, case .error = expectation.subject {
                expectsError = true
            } else {
                expectsError = false
            }
            if let error = pending, !expectsError {
                result.failure = .explorerError(error.line, error.message)
                return result
            }
            switch line.step {
            case .expect(let expectation):
                let start = front.clock
                func check() -> String? {
                    front.perceived(said: sinceAction.said, events: sinceAction.events).map(expectation.check) ?? "the explorer has ended"
                }
                func settled() -> Bool {
                    front.perceived(said: sinceAction.said, events: sinceAction.events).map(expectation.cannotChange) ?? true
                }
                var found = check()
                var final = found != nil && settled()
                while found != nil, !final, front.clock - start < expectation.deadline, !front.ended {
                    front.pass()
                    collect(after: line)
                    found = check()
                    final = found != nil && settled()
                }
                var assertion = Assertion(line: line, found: found, time: front.clock)
                let now = wallClock()
                (assertion.seconds, lastDecided) = (max(0, now - lastDecided), now)
                if let found {
                    let waited = final ? 0 : front.ended ? front.clock - start : expectation.deadline
                    assertion.failure = .expectation(line, found: found, waited: waited)
                    assertion.evidence = front.perceived(said: sinceAction.said, events: sinceAction.events).flatMap(expectation.evidence)
                }
                result.assertions.append(assertion)
                if let failure = assertion.failure, !expectation.soft {
                    result.failure = failure
                    return result
                }
                if expectsError { pending = nil }
            default:
                if line.step.isAction {
                    sinceAction = ([], [])
                    lastAction = line
                }
                front.perform(line)
                collect(after: line)
            }
            if front.ended { break }
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
