/// How long an explorer session may last and sit idle (`--demo`, `--session-limit`,
/// `--idle-limit`), as a public demo needs, like MapSCII's telnet demo: a session ends when
/// either runs out, and says why once the terminal is given back. Times are seconds since start.
package final class SessionLimits {
    /// Longest session, seconds; nil for none.
    package let session: Double?
    /// Longest time without a key or a click, seconds; nil for none.
    package let idle: Double?
    private var lastInput = 0.0
    /// Why the session ended, once a limit ran out.
    package private(set) var endedBecause: String?

    package init(session: Double? = nil, idle: Double? = nil) {
        self.session = session
        self.idle = idle
    }

    /// A key or a click came at `now`.
    package func tookInput(at now: Double) {
        lastInput = now
    }

    /// True, with the reason kept, once a limit has run out at `now`.
    package func expired(at now: Double) -> Bool {
        if endedBecause == nil, let session, now >= session {
            endedBecause = "the session ended after its \(Self.words(session))"
        } else if endedBecause == nil, let idle, now - lastInput >= idle {
            endedBecause = "the session ended after \(Self.words(idle)) without a key"
        }
        return endedBecause != nil
    }

    /// Milliseconds until the next limit may run out (for poll), or nil with no limits.
    package func wake(at now: Double) -> Int32? {
        let due = [session, idle.map { lastInput + $0 }].compactMap { $0 }.min()
        return due.map { Int32(max(0, (($0 - now) * 1000).rounded(.up)).clamped(to: 0...86_400_000)) }
    }

    /// "15 minutes", "90 seconds".
    static func words(_ seconds: Double) -> String {
        seconds >= 120 && seconds.truncatingRemainder(dividingBy: 60) == 0
            ? "\(Int(seconds / 60)) minutes" : "\(Int(seconds.rounded())) seconds"
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
