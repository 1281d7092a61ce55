import CTerminalSignals
import Explorer
import PanoCore
import StreetModel
import SystemIO
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// `sidewalk --describe`: the explorer for screen readers and braille displays. No picture, no
/// cursor addressing, no alternate screen: keys are read from the terminal as they are typed,
/// and each change is announced as a line of text (`Narrator`). Only the terminal's input
/// modes are changed (no echo, no line buffering), and they are put back on every exit.
package enum DescribeSession {
    /// Runs until `q`, a signal or the end of input; returns the exit status (0 after `q`,
    /// 128 + N after signal N, 1 when the terminal goes away).
    /// `problem` says why a panorama cannot be shown (nil when it can), checked on each arrival;
    /// `moreOfTheDataset` gives a service holding more of a sharded dataset near a panorama
    /// reached (nil when there is no more).
    package static func run(
        state initial: ExplorerState, problem: @escaping @Sendable (Panorama) -> String? = { _ in nil },
        moreOfTheDataset: (Panorama) -> DatasetGrowth = { _ in .nothing },
        events: ((ExplorerEvent, Double) -> Void)? = nil, lookup: PlaceLookup? = nil,
        imageryNear: (@Sendable (Coordinate) -> DatasetGrowth)? = nil, limits: SessionLimits = SessionLimits(),
        cast: CastRecorder? = nil
    ) throws(TerminalError) -> Int32 {
        guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "standard input") }
        let signals = try SignalPipe()
        let status = try InputModes.reading(on: STDIN_FILENO) { (saved) throws(TerminalError) in
            var state = initial
            state.allowSearches(lookup)
            state.imageryCanBeRead = imageryNear != nil
            let narration = Narration(&state, problem: problem, lookup: lookup, imageryNear: imageryNear)
            return try loop(
                state, saved: saved, signals: signals, narration: narration,
                more: moreOfTheDataset, events: events, limits: limits, cast: cast)
        }
        guard let status else { throw .notATerminal(stream: "standard input") }
        return status
    }

    /// Reads keys and says what changed, until `q`, a signal or the end of input.
    private static func loop(
        _ initial: ExplorerState, saved: termios, signals: borrowing SignalPipe, narration initialNarration: Narration,
        more: (Panorama) -> DatasetGrowth, events: ((ExplorerEvent, Double) -> Void)?, limits: SessionLimits, cast: CastRecorder?
    ) throws(TerminalError) -> Int32 {
        var state = initial
        var narration = initialNarration
        let clock = ContinuousClock()
        let start = clock.now
        func now() -> Double { DurationSeconds.of(clock.now - start) }
        // Each line said is kept too, with `--record`: a listener's session, as a cast.
        let size = SystemCall.terminalSize(of: STDOUT_FILENO) ?? (columns: 80, rows: 24)
        cast?.start(columns: size.columns, rows: size.rows)
        func say(_ line: String) {
            let bytes = Self.said(line)
            _ = FileDescriptorIO.writeAll(STDOUT_FILENO, bytes)
            cast?.output(Array(bytes.dropLast()) + [0x0D, 0x0A], at: now())
        }
        say("Sidewalk, described. Keys as in the full view; r repeats this, ? lists the keys, q quits.")
        say(Narrator.arrival(state))
        var decoder = InputDecoder()
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0)
        ]
        var buffer = [UInt8](repeating: 0, count: 256)
        while !state.isFinished {
            for i in fds.indices { fds[i].revents = 0 }
            let escape: Double? = decoder.isWaiting ? Double(Terminal.escapeDelayMilliseconds) / 1000 : nil
            let limit: Double? = limits.wake(at: now()).map { Double($0) / 1000 }
            let wait = [escape, limit].compactMap { $0 }.min()
            let ready = SystemCall.poll(&fds, seconds: wait)
            if ready < 0 { throw .pollFailed(SystemCall.lastError) }
            // The limits of a demo, warned of as on the status line; the reason is said by the caller.
            if limits.expired(at: now()) { return 0 }
            if let warning = limits.warning(at: now()) { say(warning) }
            for signal in signals.drain() {
                switch signal {
                case SIGWINCH: continue
                case SIGCONT: InputModes.apply(to: saved)  // the shell may have reset them while stopped
                default: return 128 + signal
                }
            }
            var keys: [Key] = []
            if ready == 0 {
                keys = decoder.flush()
            } else if fds[0].revents != 0 {
                let count = SystemCall.read(STDIN_FILENO, into: &buffer)
                if count == 0 || (count < 0 && errno != EAGAIN) { return 1 }
                if count > 0 { keys = decoder.keys(Array(buffer[0..<count])) }
            }
            for key in keys where !state.isFinished {
                limits.tookInput(at: now())
                let from = state.panorama?.id
                narration.press(key, on: &state, at: nil).map(say)
                narration.checkArrival(from: from, on: &state, at: nil)
                if let here = state.panorama, here.id != from { state.grow(more(here)) }
                let (lines, happened) = narration.collect(&state)
                for event in happened {
                    events?(event, now())
                    if case .didMoveToPanorama(let id) = event { cast?.marker(state.panorama?.description ?? id, at: now()) }
                }
                lines.forEach(say)
            }
        }
        return 0
    }

    /// One announcement line's bytes, newline included; the text comes from datasets, so it is
    /// sanitised.
    private static func said(_ line: String) -> [UInt8] {
        Array((TerminalLocale.line(line) + "\n").utf8)
    }
}
