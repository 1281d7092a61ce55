import Dispatch
import Explorer
import ExplorerSession
import ExplorerView
import Foundation
import Locking
import PanoCore
import PanoImage
import TermRender
import TestSupport
import Testing
import VirtualTerminal

@testable import TUI

#if canImport(Glibc)
import Glibc
#endif

/// The explorer's session run in-process, step by step, on a fake terminal with the test's own
/// clock: frames only while something moves, keys, signals, the writer, limits and the exit.
/// The events a session tells its outputs, handed to a closure: an output made in one small class.
private final class EventsTold: SessionOutput {
    let hear: (ExplorerEvent, Double) -> Void

    init(_ hear: @escaping (ExplorerEvent, Double) -> Void) {
        self.hear = hear
    }

    func happened(_ event: ExplorerEvent, in state: ExplorerState, at time: Double) {
        hear(event, time)
    }
}

/// What a frame shows is read back through `VirtualScreen`, a model of the terminal written
/// apart from the encoder.
@Suite("The explorer's session loop")
struct ExplorerLoopTests {
    /// A session on the cardinal panorama at 80×24 in truecolor, reporting its events to `events`.
    static func session(
        limits: SessionLimits = SessionLimits(), queries: [UInt8] = [],
        events: ((ExplorerEvent, Double) -> Void)? = nil, maxRate: Double? = nil, stateLog: StateLog? = nil,
        sharper: SharperDecode? = nil, environment: [String: String] = [:], cpuPressure: Double? = 0,
        panorama: EquirectPanorama = SyntheticPanorama.cardinal(width: 512)
    ) throws -> ExplorerLoop {
        var settings = ExplorerLoop.Settings(
            scenery: .image(panorama, title: "cardinal"),
            display: DisplayOptions(colorMode: .truecolor), environment: environment, detected: .truecolor, queries: queries,
            asciiOnly: false, limits: limits,
            outputs: ([events.map(EventsTold.init), stateLog] as [(any SessionOutput)?]).compactMap { $0 }, maxRate: maxRate,
            runner: SerialRunner())
        settings.cpuPressure = { cpuPressure }
        return try ExplorerLoop(
            settings: settings, camera: PanoramaCamera(), gestures: GestureSettings(), home: nil, sharper: sharper,
            capabilities: TerminalCapabilities(), size: (80, 24))
    }

    @Test("the view settles (a state-log line says so) only once the sharper decode its first frame asked for has come and been drawn")
    func settlesOnceSharp() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let release = DispatchSemaphore(value: 0)
        let sharp = SyntheticPanorama.cardinal(width: 2048)
        // 80 columns of half blocks at fov 90 resolve 640 pixels round the circle: more than 512.
        let sharper = SharperDecode(id: "cardinal", width: 512, widest: 2048) { _ throws(PanoramaError) in
            release.wait()
            return (sharp, 2048)
        }
        var run = SessionRun(try Self.session(stateLog: try StateLog(path: log), sharper: sharper))
        func settledLines() -> Int {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").components(separatedBy: "\"settled\":true").count - 1
        }
        #expect(run.stepAtStart == .wait(seconds: nil, readsKeys: true))
        #expect(settledLines() == 0, "settled while a sharper picture was still on its way")
        release.signal()
        var arrival = pollfd(fd: run.loop.loading.descriptor, events: Int16(POLLIN), revents: 0)
        try #require(poll(&arrival, 1, 10_000) == 1, "the sharper decode never came")
        run.loop.takeArrivals(at: run.time)
        #expect(run.settle().frames >= 1, "the sharper picture is drawn")
        #expect(settledLines() == 1)
    }

    @Test(
        "--max-rate: no frame goes before what was sent has had its share of the cap (a tenth of a second's burst), terminal answers or not"
    )
    func maxRate() throws {
        let cap = 20_000.0
        var capped = SessionRun(try Self.session(maxRate: cap))
        var free = SessionRun(try Self.session())
        for run in [0, 1] {
            if run == 0 {
                capped.type(.right, .right, .right, .right)
                capped.settle(until: 60)
            } else {
                free.type(.right, .right, .right, .right)
                free.settle(until: 60)
            }
        }
        let writes = capped.writes
        try #require(writes.count > 2)
        for index in 1..<writes.count {
            let before = writes[1..<index].reduce(0) { $0 + $1.bytes }
            #expect(
                Double(before) <= cap * (writes[index].time - writes[1].time + LinkPacingBurst.seconds) + 1,
                "frame \(index) at \(writes[index].time) s after \(before) bytes")
        }
        let capTook = writes.last!.time - writes[1].time
        let freeTook = free.writes.last!.time - free.writes[1].time
        #expect(capTook > freeTook, "the cap slowed the move: \(capTook) s against \(freeTook) s")
    }

    @Test("the first frame is drawn at once; then, with nothing moving, the loop waits with no time limit and draws nothing")
    func drawsOnlyWhenSomethingChanges() throws {
        var run = SessionRun(try Self.session())
        #expect(run.framesAtStart >= 1 && run.stepAtStart == .wait(seconds: nil, readsKeys: true))
        #expect(run.settle().frames == 0)
        #expect(run.text.contains("0° N"), "the status line shows the heading:\n\(run.text)")
        #expect(run.loop.next(at: run.time + 60, writerBusy: false, terminal: run.terminal) == .wait(seconds: nil, readsKeys: true))
    }

    @Test("Right turns the camera in animated frames, each reported as didMoveCamera, and the last frame shows where it settled")
    func rightTurnsInFrames() throws {
        let moves = Locked([Double]())
        var run = SessionRun(
            try Self.session { event, _ in
                if case .didMoveCamera(let heading, _, _) = event { moves.withLock { $0.append(heading) } }
            })
        #expect(run.type(.right) == nil)
        let (frames, last) = run.settle()
        let heading = Int(run.loop.state.camera.heading.rounded())
        #expect(heading > 0 && heading < 90)
        #expect(frames >= 3, "the turn glides: \(frames) frames")
        #expect(last == .wait(seconds: nil, readsKeys: true))
        #expect(run.text.contains("\(heading)° "), "the last frame shows \(heading)°:\n\(run.text)")
        #expect(moves.withLock { $0.last }.map { Int($0.rounded()) } == heading)
    }

    @Test("q ends with 0 once the last frame is written; a frame still on its way holds the exit for at most drainSeconds")
    func quitDrainsTheLastFrame() throws {
        var run = SessionRun(try Self.session())
        run.type(.character("q"))
        guard case .wait(let seconds?, let readsKeys) = run.loop.next(at: run.time, writerBusy: true, terminal: run.terminal) else {
            Issue.record("a frame on its way holds the exit")
            return
        }
        #expect(seconds <= ExplorerLoop.drainSeconds && !readsKeys, "keys are no longer read once finished")
        #expect(run.loop.next(at: run.time + 0.5, writerBusy: false, terminal: run.terminal) == .exit(0))
        var stalled = SessionRun(try Self.session())
        stalled.type(.character("q"))
        _ = stalled.loop.next(at: stalled.time, writerBusy: true, terminal: stalled.terminal)
        #expect(
            stalled.loop.next(at: stalled.time + ExplorerLoop.drainSeconds, writerBusy: true, terminal: stalled.terminal) == .exit(0),
            "a terminal that stopped reading does not hold the exit")
    }

    @Test("SIGTERM ends with 143; SIGWINCH takes the new size and draws at it; SIGCONT asks the terminal again")
    func signals() throws {
        var run = SessionRun(try Self.session(queries: Array("?probe".utf8)))
        run.terminal.size = (100, 30)
        #expect(run.loop.take(signals: [SIGWINCH], terminal: run.terminal) == nil)
        #expect(run.terminal.resizes == 1)
        run.screen = VirtualScreen(columns: 100, rows: 30)
        #expect(run.settle().frames >= 1, "a resize redraws")
        #expect(
            run.text.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces).isEmpty == false,
            "the frame fills the 30th row:\n\(run.text)")
        #expect(run.loop.take(signals: [SIGCONT], terminal: run.terminal) == nil)
        #expect(run.terminal.askedAgain == [Array("?probe".utf8)])
        #expect(run.loop.take(signals: [SIGTERM], terminal: run.terminal) == 128 + SIGTERM)
    }

    @Test("a terminal that goes away ends the session with 1: at end of input, on a hang-up, or when a frame cannot be written")
    func terminalGone() throws {
        let terminal = FakeTerminal(columns: 80, rows: 24)
        var loop = try Self.session()
        terminal.alive = false
        #expect(loop.takeInput(from: terminal, hungUp: false, at: 0) == 1)
        terminal.alive = true
        #expect(loop.takeInput(from: terminal, hungUp: true, at: 0) == 1)
        #expect(loop.frameWritten(false, at: 0) == 1)
        #expect(loop.frameWritten(true, at: 0) == nil)
    }

    @Test("a session limit ends the session at its time, with the reason kept; the loop wakes for it")
    func sessionLimit() throws {
        let limits = SessionLimits(session: 5)
        let run = SessionRun(try Self.session(limits: limits))
        #expect(run.stepAtStart == .exit(0))
        #expect(run.time >= 5 && run.time < 5.1, "ended at \(run.time) s")
        #expect(limits.endedBecause == "the session ended after its 5 seconds")
    }

    @Test("a lone ESC waits for the escape delay, then counts as Escape: it closes the help")
    func escapeAfterTheDelay() throws {
        var run = SessionRun(try Self.session())
        run.type(.character("?"))
        run.settle()
        #expect(run.loop.state.isShowingHelp)
        (run.terminal.escapeSecondsLeft, run.terminal.pendingEscape) = (0.025, [.escape])
        #expect(run.loop.next(at: run.time, writerBusy: false, terminal: run.terminal) == .wait(seconds: 0.025, readsKeys: true))
        run.type()
        #expect(run.loop.state.isShowingHelp, "not before the delay")
        run.terminal.escapeSecondsLeft = 0
        run.time += 0.025
        run.type()
        #expect(!run.loop.state.isShowingHelp)
    }
}
