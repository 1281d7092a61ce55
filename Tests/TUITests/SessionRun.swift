import Explorer
import TermRender
import VirtualTerminal

@testable import TUI

/// A terminal the loop runs in with no tty: the test says what was typed, how large it is and
/// whether it is still there, and reads what the loop asked of it.
final class FakeTerminal: SessionTerminal {
    var size: (columns: Int, rows: Int)
    var typed: [TerminalInput] = []
    var alive = true
    var escapeSecondsLeft: Double?
    var pendingEscape: [Key] = []
    private(set) var resizes = 0
    private(set) var askedAgain: [[UInt8]] = []

    init(columns: Int, rows: Int) { size = (columns, rows) }

    var hasQueuedInput: Bool { !typed.isEmpty }
    func nextInput() -> (input: TerminalInput?, alive: Bool) {
        guard alive else { return (nil, false) }
        return (typed.isEmpty ? nil : typed.removeFirst(), true)
    }
    func flushEscape() -> [Key] {
        escapeSecondsLeft = nil
        defer { pendingEscape = [] }
        return pendingEscape
    }
    func adoptNewSize() { resizes += 1 }
    func settleAfterResume(asking queries: [UInt8]) { askedAgain.append(queries) }
}

/// `LinkPacing.burst`, as the tests see it.
enum LinkPacingBurst {
    static let seconds = 0.1
}

/// A session and the terminal it runs in, on the test's clock: `time` is seconds since start.
struct SessionRun {
    var loop: ExplorerLoop
    let terminal = FakeTerminal(columns: 80, rows: 24)
    var screen = VirtualScreen(columns: 80, rows: 24)
    var time = 0.0
    /// Each write: when, and how many bytes.
    private(set) var writes: [(time: Double, bytes: Int)] = []
    /// The frames drawn at the start, and where the loop stood after them.
    private(set) var framesAtStart = 0
    private(set) var stepAtStart = ExplorerLoop.Step.exit(-1)
    /// When the terminal's answers to the status requests written come (`settleAnswering`).
    var answers: [Double] = []

    /// `loop`, run until its first frames are drawn and it settles.
    init(_ loop: ExplorerLoop) {
        self.loop = loop
        (framesAtStart, stepAtStart) = settle()
    }

    /// Runs the loop as a terminal that takes each frame at once would: every frame written is
    /// applied to `screen` and acknowledged, and the clock moves to each wake-up, until the loop
    /// waits with no limit, ends, or `until` passes. Returns the frames written and the last step.
    @discardableResult
    mutating func settle(until: Double = 10) -> (frames: Int, last: ExplorerLoop.Step) {
        var frames = 0
        while time <= until {
            let step = loop.next(at: time, writerBusy: false, terminal: terminal)
            switch step {
            case .write(let bytes):
                frames += 1
                writes.append((time, bytes.count))
                screen.feed(bytes)
                _ = loop.frameWritten(true, at: time)
            case .wait(let seconds?, _):
                time += max(seconds, 0.001)
                _ = loop.takeInput(from: terminal, hungUp: false, at: time)
            case .wait(nil, _), .exit:
                return (frames, step)
            }
        }
        return (frames, .wait(seconds: nil, readsKeys: true))
    }

    /// Types `keys` now and lets the loop take them; the exit status if it ended.
    @discardableResult
    mutating func type(_ keys: Key...) -> Int32? {
        terminal.typed = keys.map { .key($0) }
        return loop.takeInput(from: terminal, hungUp: false, at: time)
    }

    /// The screen's text, row by row.
    var text: String {
        (0..<screen.rows).map { row in String(String.UnicodeScalarView((0..<screen.columns).map { screen[$0, row].glyph })) }
            .joined(separator: "\n")
    }
}

extension SessionRun {
    /// Runs the loop as `settle` does, but each frame is acknowledged by the terminal's answers
    /// to its status requests as a terminal `bytesPerSecond` away would give them: the head's
    /// after 10 ms, the tail's once the frame's bytes have gone through.
    mutating func settleAnswering(at bytesPerSecond: Double, until: Double = 10) {
        while time <= until {
            while let due = answers.first, due <= time {
                answers.removeFirst()
                terminal.typed = [.reply(.statusReport)]
                _ = loop.takeInput(from: terminal, hungUp: false, at: due)
            }
            switch loop.next(at: time, writerBusy: false, terminal: terminal) {
            case .write(let bytes):
                screen.feed(bytes)
                _ = loop.frameWritten(true, at: time)
                let head = max(time, answers.last ?? time) + 0.01
                answers += [head, head + Double(bytes.count) / bytesPerSecond]
            case .wait(let seconds, _):
                let next = [seconds.map { time + max($0, 0.001) }, answers.first].compactMap { $0 }.min()
                guard let next else { return }
                time = next
                _ = loop.takeInput(from: terminal, hungUp: false, at: time)
            case .exit:
                return
            }
        }
    }
}
