/// How long an explorer session may last and sit idle (`--demo`, `--session-limit`,
/// `--idle-limit`), as a public demo needs, like MapSCII's telnet demo: a session ends when
/// either runs out, and says why once the terminal is given back; a minute and ten seconds
/// before, the status line says it is coming. Times are seconds since start.
package final class SessionLimits {
    /// Longest session, seconds; nil for none.
    package let session: Double?
    /// Longest time without a key or a click, seconds; nil for none.
    package let idle: Double?
    private var lastInput = 0.0
    /// Why the session ended, once a limit ran out.
    package private(set) var endedBecause: String?
    /// The warnings given, by limit and seconds ahead ("session 60"); the idle ones are taken
    /// back by a key.
    private var warned: Set<String> = []

    /// Seconds before a limit runs out at which it is said, each once.
    static let warnings: [Double] = [60, 10]

    package init(session: Double? = nil, idle: Double? = nil) {
        self.session = session
        self.idle = idle
    }

    /// A key or a click came at `now`.
    package func tookInput(at now: Double) {
        lastInput = now
        warned = warned.filter { !$0.hasPrefix("idle") }
    }

    /// What to say at `now` of a limit coming, once each: "This session ends in 1 minute.", or
    /// for the idle limit "…ends in 10 seconds without a key."; nil when nothing is due. A
    /// warning is given only when its moment lies inside the limit's span (no minute's warning
    /// of a 30 s limit), and the latest one due stands for those passed.
    package func warning(at now: Double) -> String? {
        for (name, start, end) in deadlines where end > now {
            let due = Self.warnings.sorted().first { end - now <= $0 && end - $0 > start }
            guard let ahead = due, warned.insert("\(name) \(ahead)").inserted else { continue }
            for later in Self.warnings where later > ahead { warned.insert("\(name) \(later)") }
            let left = ahead == 60 ? "1 minute" : "\(Int(ahead)) seconds"
            return name == "session" ? "This session ends in \(left)." : "This session ends in \(left) without a key."
        }
        return nil
    }

    /// Each limit: its name, when its span began and when it runs out, seconds since start.
    private var deadlines: [(String, Double, Double)] {
        [session.map { ("session", 0, $0) }, idle.map { ("idle", lastInput, lastInput + $0) }].compactMap { $0 }
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
        let warnings = deadlines.flatMap { name, start, end in
            Self.warnings.filter { !warned.contains("\(name) \($0)") }.map { end - $0 }.filter { $0 > now && $0 > start }
        }
        let due = (deadlines.map(\.2) + warnings).min()
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
