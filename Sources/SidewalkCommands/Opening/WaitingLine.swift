import Dispatch
import RemoteData
import Synchronization
import TermRender
import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// A line on a terminal's standard error saying what a command waits for on the web, once a
/// request has taken `after` seconds ("waiting for …/tiles/default/2/0/1.jpg 12 s"), redrawn
/// each second and cleared as soon as nothing is in flight, so the command's own output never
/// lands beside it. Only for commands that end (snapshot, info, import): the explorer's screen
/// is its own.
final class WaitingLine: Sendable {
    /// Seconds a request runs before it is said.
    static let after = 2.0
    /// Longest address shown, characters (its end: the file is what tells).
    static let widest = 60
    /// What starts each drawing of the line, and clears it.
    private static let rewrite = String(decoding: EscapeSequence.rewriteLine, as: UTF8.self)

    /// The one line of this process, when standard error is a terminal.
    static let shared: WaitingLine? = isatty(STDERR_FILENO) == 1 ? WaitingLine() : nil

    /// What the web clients report their requests to.
    let watch: FetchWatch
    /// True while a line is on the terminal; the lock every write of the line is made under.
    private let shown = Shown()

    /// The flag in a class of its own, so the watch's callback can hold it before the line exists.
    private final class Shown: Sendable {
        let flag = Mutex(false)
    }

    private init() {
        let shown = self.shown
        watch = FetchWatch(settled: { shown.flag.withLock { Self.clear(&$0) } })
        tickEachSecond()
    }

    /// Redraws the line (or clears it) a second from now, and again after that, for the
    /// process's life.
    private func tickEachSecond() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) { [self] in
            shown.flag.withLock { shown in
                guard let (url, seconds) = watch.longestWaiting(), seconds >= Self.after else { return Self.clear(&shown) }
                let place = url.count > Self.widest ? "…" + url.suffix(Self.widest - 1) : url
                writeStandardError(Self.rewrite + TextSanitizer.sanitize("waiting for \(place) \(Int(seconds)) s"))
                shown = true
            }
            tickEachSecond()
        }
    }

    /// Takes the line off the terminal, when it is there.
    private static func clear(_ shown: inout Bool) {
        if shown { writeStandardError(rewrite) }
        shown = false
    }
}
