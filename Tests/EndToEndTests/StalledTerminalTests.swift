import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A terminal that stops reading (a stalled SSH link; Ctrl-S under IXON) must never keep the
/// explorer from ending: before the fix, `q` spun the loop at 100% CPU until the output drained,
/// a SIGTERM then was lost, and a SIGTERM while drawing waited for the drain for ever.
@Suite("A terminal that stops reading")
struct StalledTerminalTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    /// The explorer in a pseudo-terminal nobody reads, once it has taken the terminal over.
    private func stalledExplorer() throws -> PseudoTerminalProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        environment["LC_ALL"] = "C.UTF-8"
        let explorer = try PseudoTerminalProcess([BuiltProducts.sidewalk, Self.demo], environment: environment, columns: 200, rows: 60)
        // Taken over: echo off. A 200×60 frame is far more than the terminal buffers, so the
        // first frame is still being written, and stays so.
        #expect(explorer.waitUntil(seconds: 20) { explorer.modes().c_lflag & tcflag_t(ECHO) == 0 })
        #expect(explorer.modes().c_iflag & tcflag_t(IXON) == 0, "flow control off, so Ctrl-S cannot stop the output")
        // Turns, so there is always a frame to write.
        explorer.type(Array(repeating: Array("\u{1B}[C".utf8), count: 20).flatMap { $0 })
        return explorer
    }

    /// The shell's modes are back: echo, canonical input and flow control as a new terminal has them.
    private func expectRestored(_ explorer: PseudoTerminalProcess, sourceLocation: SourceLocation = #_sourceLocation) {
        let modes = explorer.modes()
        #expect(modes.c_lflag & tcflag_t(ECHO) != 0 && modes.c_lflag & tcflag_t(ICANON) != 0, sourceLocation: sourceLocation)
        #expect(modes.c_iflag & tcflag_t(IXON) != 0, sourceLocation: sourceLocation)
    }

    @Test("q ends the explorer within its drain time, status 0, modes restored")
    func quitWhileStalled() throws {
        let explorer = try stalledExplorer()
        explorer.type(Array("q".utf8))
        #expect(explorer.exit(within: 10) == 0)
        expectRestored(explorer)
    }

    @Test("u while a frame is still being written neither crashes nor writes over it; q then ends it, status 0")
    func shareWhileStalled() throws {
        // The clipboard's bytes were once written at once, while a frame was in flight: a trap
        // ("one frame at a time"), status 132. They now go out with the next frame.
        let explorer = try stalledExplorer()
        explorer.type(Array("u".utf8))
        explorer.type(Array("q".utf8))
        #expect(explorer.exit(within: 10) == 0)
        expectRestored(explorer)
    }

    @Test("SIGTERM ends the explorer within its drain time and reports it (143), modes restored")
    func terminatedWhileStalled() throws {
        let explorer = try stalledExplorer()
        kill(explorer.pid, SIGTERM)
        #expect(explorer.exit(within: 10) == 128 + SIGTERM)
        expectRestored(explorer)
    }

    @Test("SIGTERM after q, while the last frame is still being written, is reported, not lost")
    func terminatedAfterQuit() throws {
        let explorer = try stalledExplorer()
        explorer.type(Array("q".utf8))
        kill(explorer.pid, SIGTERM)
        #expect(explorer.exit(within: 10) == 128 + SIGTERM)
        expectRestored(explorer)
    }
}
