import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The explorer in a real terminal, continued: colour off, session limits, tours, resizes,
/// signals and job control. A suite of its own so that it runs beside `ExplorerTerminalTests`,
/// one session each at a time (two at once in all: the machine's two cores).
@Suite("Explorer in a terminal, continued", .serialized)
struct ExplorerTerminalMoreTests: ExplorerTerminalDriving {
    @Test("NO_COLOR turns colour off: characters by brightness, no colour codes")
    func noColor() throws {
        let session = try TmuxSession(
            command: "NO_COLOR=1 '\(BuiltProducts.sidewalk)' '\(Self.compass)'", environment: Self.backtraceOff
        )
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 0° N") })
        let screen = try session.capture(escapes: true)
        #expect(!screen.contains("38;2;") && !screen.contains("48;5;") && !screen.contains("▀"))
        #expect(screen.contains("+") || screen.contains("*") || screen.contains("#"))
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("--idle-limit and --session-limit end a session, give the terminal back and say why")
    func sessionLimits() throws {
        let idle = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --idle-limit 3", columns: 100, rows: 30,
            environment: Self.backtraceOff)
        defer { idle.close() }
        #expect(try idle.waitUntil(timeout: 30) { try statusLine(idle).contains("Heading") })
        try expectRestored(idle, status: 0)
        #expect(try idle.capture().contains("sidewalk: the session ended after 3 seconds without a key"))
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --session-limit 2", columns: 100, rows: 30,
            environment: Self.backtraceOff)
        defer { session.close() }
        try expectRestored(session, status: 0)
        #expect(try session.capture().contains("sidewalk: the session ended after its 2 seconds"))
    }

    @Test("--max-visitors: one explorer more is told the demo is full (status 0); a visitor who leaves frees the place at once")
    func maxVisitors() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let environment = Self.backtraceOff.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        let command = "'\(BuiltProducts.sidewalk)' --max-visitors 2 --geocoder off"
        let first = try TmuxSession(command: command, columns: 80, rows: 24, environment: environment)
        defer { first.close() }
        let second = try TmuxSession(command: command, columns: 80, rows: 24, environment: environment)
        defer { second.close() }
        for visitor in [first, second] { #expect(try visitor.waitUntil(timeout: 30) { try statusLine(visitor).contains("Heading") }) }
        let third = try ProgramRun.sidewalk(
            ["--max-visitors", "2", "--headless", "--keys", ""], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(third.status == 0 && third.standardOutput == "Sidewalk's demo is full (2 visitors); try again in a minute.\n")
        try first.send("q")
        #expect(first.waitUntil(timeout: 30) { first.exitStatus == 0 })
        let after = try ProgramRun.sidewalk(
            ["--max-visitors", "2", "--headless", "--keys", ""], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(after.status == 0 && after.standardOutput.hasPrefix("Main Street 16"), "the first visitor's place is free")
        // A slots folder that is a link (someone else's) is refused, not followed.
        let linked = runtime.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        let other = runtime.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: other.appendingPathComponent("sidewalk-visitors").path, withDestinationPath: linked.path)
        let refused = try ProgramRun.sidewalk(
            ["--max-visitors", "2", "--headless", "--keys", ""], environment: ["XDG_RUNTIME_DIR": other.path])
        #expect(refused.status == 1 && refused.errorLines.count == 1 && refused.standardError.contains("not a folder of this user's own"))
    }

    @Test("a terminal that reads UTF-8 gets the picture though the locale says C: the probe's é moved the cursor one column")
    func utf8WithoutLocale() throws {
        let session = try TmuxSession(
            command: "env -u LANG -u LC_CTYPE LC_ALL=C '\(BuiltProducts.sidewalk)' --color truecolor --geocoder off", columns: 100,
            rows: 30,
            environment: Self.backtraceOff)
        defer { session.close() }
        #expect(
            try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 90° E") }, "\((try? session.capture()) ?? "")")
        #expect(
            try session.waitUntil(timeout: 10) { try session.capture().contains("▀") }, "the picture in half blocks, not ASCII's spaces")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("ten seconds before a session limit the status line says so, then the session ends")
    func sessionLimitWarning() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --session-limit 12", columns: 100, rows: 30,
            environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("This session ends in 10 seconds.") })
        try expectRestored(session, status: 0)
    }

    @Test("--describe has the limits too: the warning is said as a line, then the session ends and says why")
    func describeLimitWarning() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --describe --session-limit 12", columns: 120, rows: 30, environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("This session ends in 10 seconds.") })
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
        let screen = try session.capture()
        #expect(screen.contains("sidewalk: the session ended after its 12 seconds"), "\(screen)")
        #expect(session.exitStatus == 0)
    }

    @Test("sidewalk tour plays a script at its pace and loops home; Space pauses it; another key takes over; the docs' tour runs")
    func tour() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tour-\(UUID().uuidString).txt")
        try Data("Right\nw\nexpect panorama main-4\n".utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' tour '\(script.path)' --pace 0.3 --loop --reduce-motion", columns: 120, rows: 40,
            environment: Self.backtraceOff)
        defer { session.close() }
        // While the tour's note shows, the readout is short: "105° E · 0° · 1.0×".
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("105° E") }, "Right, played")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Tour: step 1 of 2") }, "where the tour is, said")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 18, Lindenfeld") }, "w, played")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 16, Lindenfeld") }, "home again")
        try session.send("Space")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Tour paused") })
        try session.send("n")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("0° N") }, "the key did its own work")
        #expect(try statusLine(session).contains("Tour stopped; the keys are yours"), "the takeover said")
        let before = try session.capture()
        #expect(!session.waitUntil(timeout: 2) { (try? session.capture()) != before }, "the tour played no more")
        try session.send("q")
        try expectRestored(session, status: 0)
        let docs = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("docs/examples/demo-tour.txt").path
        let played = try ProgramRun.sidewalk(["--script", docs])
        #expect(played.status == 0 && played.standardOutput.contains("Town Museum, upper floor"), "\(played.standardError)")
    }

    @Test("standard output that is not a terminal is refused before the screen is touched")
    func outputNotATerminal() throws {
        // Standard output is a pipe to cat; standard input and the error output stay on the pane.
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' | cat",
            environment: Self.backtraceOff
        )
        defer { session.close() }
        #expect(session.waitUntil { session.exitStatus != nil })
        let screen = try session.capture()
        #expect(screen.contains("sidewalk: standard output is not a terminal"))
        #expect(try session.display("#{alternate_on}") == "0")
    }

    @Test("the frame fills the real window despite stale LINES/COLUMNS; + zooms; a resize re-lays out")
    func zoomAndResize() throws {
        // Not 80×24, which is also what terminfo would claim.
        let session = try startExplorer(columns: 90, rows: 26, environment: ["LINES": "10", "COLUMNS": "10"])
        defer { session.close() }
        #expect(try waitForFrame(session))
        let firstLines = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(firstLines.count >= 26 && firstLines[25].contains("Heading") && firstLines[0].count == 90)
        try session.send("+")
        #expect(try session.waitUntil { try statusLine(session).contains("Zoom 1.4×") })
        try session.resize(columns: 120, rows: 40)
        #expect(
            try session.waitUntil {
                let lines = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= 40 && lines[39].contains("Zoom 1.4×") && lines[0].count == 120
            })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("a storm of 200 resizes ending at 1×1: no crash, a 'too small' notice, and a full frame once there is room again")
    func resizeStorm() throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        for i in 0..<199 { try session.resize(columns: 1 + (i * 37) % 180, rows: 1 + (i * 11) % 60) }
        try session.resize(columns: 1, rows: 1)
        try session.resize(columns: 30, rows: 3)
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Terminal too") }, "below 20×4 a notice, not a crash")
        try session.resize(columns: 15, rows: 3)
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Need 20×4") }, "the size needed is never cut off")
        #expect(session.exitStatus == nil, "still running")
        try session.resize(columns: 100, rows: 30)
        #expect(
            try session.waitUntil(timeout: 30) {
                let lines = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= 30 && lines[29].contains("Heading 0°") && lines[0].count == 100
            })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("kill-pane (the terminal goes away): the explorer exits at once instead of spinning")
    func killPane() throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        let shell = try session.panePID()
        let explorer = try #require(ProcessTree.children(of: shell).first)
        try session.command(["kill-pane", "-t", "0"])
        let gone = session.waitUntil(timeout: 10) { kill(explorer, 0) != 0 && errno == ESRCH }
        #expect(gone, "the explorer outlived its terminal")
        if !gone { kill(explorer, SIGKILL) }
    }

    @Test("Ctrl-C, SIGTERM and SIGHUP each leave the terminal as it was", arguments: ["C-c", "TERM", "HUP"])
    func signalsRestore(how: String) throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        let expected: Int32
        switch how {
        case "C-c":
            try session.send("C-c")
            expected = 128 + SIGINT
        default:
            let signal = how == "TERM" ? SIGTERM : SIGHUP
            let explorer = try #require(ProcessTree.children(of: try session.panePID()).first)
            kill(explorer, signal)
            expected = 128 + signal
        }
        try expectRestored(session, status: expected)
    }

    @Test("--demo leaves the mouse to the terminal, so a visitor's dropped link leaves no mouse reporting; --mouse takes it")
    func demoMouse() throws {
        for (arguments, taken) in [("--demo", "0"), ("--demo --mouse", "1"), ("", "1")] {
            let session = try TmuxSession(
                command: "'\(BuiltProducts.sidewalk)' --color truecolor \(arguments)", environment: Self.backtraceOff)
            defer { session.close() }
            #expect(try waitForFrame(session))
            #expect(try session.display("#{mouse_button_flag}") == taken, "\(arguments)")
            try session.send("q")
        }
    }

    @Test("Ctrl-Z hands the terminal back to the shell; fg takes it again and redraws; q restores it")
    func suspendAndResume() throws {
        // An interactive shell, as a person has: job control is what Ctrl-Z and fg need.
        let session = try TmuxSession(command: "bash --norc --noprofile -i", environment: Self.backtraceOff.merging(["PS1": "$ "]) { $1 })
        defer { session.close() }
        try session.send("'\(BuiltProducts.sidewalk)' --color truecolor '\(Self.compass)'", "Enter")
        #expect(try waitForFrame(session))
        try session.send("C-z")
        #expect(try session.waitUntil(timeout: 30) { try session.display("#{alternate_on}") == "0" }, "main screen while stopped")
        #expect(try session.display("#{cursor_flag}") == "1", "cursor visible while stopped")
        #expect(try session.display("#{mouse_any_flag}") == "0", "the shell gets no mouse reports while the explorer is stopped")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Stopped") })
        try session.send("fg", "Enter")
        #expect(try session.waitUntil(timeout: 30) { try session.display("#{alternate_on}") == "1" })
        #expect(try waitForFrame(session), "the view is drawn again after fg")
        #expect(try session.waitUntil(timeout: 30) { try session.display("#{mouse_button_flag}") == "1" }, "drags work again after fg")
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 15°") })
        try session.send("q")
        #expect(try session.waitUntil(timeout: 30) { try session.display("#{alternate_on}") == "0" })
        try session.send("echo \"explorer-status=$?\"; exit", "Enter")
        try expectRestored(session, status: 0)
        #expect(try session.capture().contains("explorer-status=0"))
    }

    /// tmux runs the test's `sh -c`, so the explorer's process group is orphaned: the kernel
    /// discards SIGTSTP. Before, ncurses still left the screen and came back to a blank one, and
    /// the next frame drew only its changes over it (`         105° E · Pitch 0° · Z om 1.0×`).
    @Test("Ctrl-Z where the process cannot stop (no job control: ForceCommand, tmux's own command) is ignored; the screen stays whole")
    func suspendWithoutJobControl() throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        try session.send("C-z")
        try session.send("Right")
        let whole = session.waitUntil(timeout: 30) { (try? statusLine(session))?.contains("Heading 15° N · Pitch 0° · Zoom 1.0×") == true }
        #expect(whole, "the status line after Ctrl-Z and Right: \((try? statusLine(session)) ?? "")")
        #expect(try session.display("#{alternate_on}") == "1", "still on the explorer's screen")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    /// In every picture format: a pixel format asks for its picture to be deleted on the way out,
    /// which arms the crash guard a second time (once it took its own handler for the one to
    /// restore, and a crash re-raised for ever at full CPU, deaf to SIGTERM).
    @Test(
        "a crash ends the process and restores the terminal before the backtrace",
        arguments: ["", "--format kitty", "--format sixels", "--format iterm"])
    func crashRestores(format: String) throws {
        let session = try startExplorer(format, environment: ["SIDEWALK_TEST_CRASH_ON_KEY": "X"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading") })
        try session.send("X")
        let ended = session.waitUntil(timeout: 60) { session.exitStatus != nil }
        #expect(ended)
        // Killed by the trap's signal normally; under AddressSanitizer its handler exits 1 instead.
        #expect(session.exitStatus.map { $0 != 0 } == true, "a crash is not a success: \(String(describing: session.exitStatus))")
        let stty = try #require(session.sttyBeforeAndAfter)
        #expect(stty.before == stty.after, "terminal modes (stty -g) changed")
        #expect(try session.display("#{alternate_on}") == "0", "still in the alternate screen")
        #expect(try session.display("#{cursor_flag}") == "1", "cursor left hidden")
    }

    @Test("--no-orientation-gestures: Right does not turn and says why; a config file can switch zoom off")
    func gestureFlags() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-gestures-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        func headings() -> [Double] {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["event"] as? String == "didMoveCamera" }.compactMap { $0["heading"] as? Double }
        }
        let session = try startExplorer("--no-orientation-gestures --events '\(file.path)'")
        defer { session.close() }
        #expect(try waitForFrame(session))
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("turning is switched off") })
        #expect(try statusLine(session).contains("Heading 0° N"))
        #expect(headings() == [0], "only the start: Right moved nothing and reported nothing")
        try session.send(":")
        try session.send("-l", "heading 90")
        try session.send("Enter")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 90° E") }, ":heading still turns")
        #expect(session.waitUntil(timeout: 30) { headings() == [0, 90] })
        try session.send("q")
        try expectRestored(session, status: 0)

        let config = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("sidewalk"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: config) }
        try Data(#"{"gestures": {"zoom": false}}"#.utf8).write(to: config.appendingPathComponent("sidewalk/config.json"))
        let configured = try startExplorer(environment: ["XDG_CONFIG_HOME": config.path])
        defer { configured.close() }
        #expect(try waitForFrame(configured))
        try configured.send("+")
        #expect(try configured.waitUntil(timeout: 30) { try statusLine(configured).contains("zooming is switched off") })
        try configured.send("Right")
        #expect(try configured.waitUntil(timeout: 30) { try statusLine(configured).contains("Heading 15°") }, "turning still works")
        try configured.send("q")
        try expectRestored(configured, status: 0)
    }

    @Test("common terminal types work: draw, turn, quit and restore", arguments: ["xterm-256color", "tmux-256color", "screen", "linux"])
    func commonTerms(term: String) throws {
        let session = try startExplorer(environment: ["TERM": term])
        defer { session.close() }
        #expect(try waitForFrame(session), "TERM=\(term)")
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 15°") }, "TERM=\(term)")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("an unusable TERM is refused before the screen is touched", arguments: ["dumb", "nosuchterm"])
    func unusableTerm(term: String) throws {
        let session = try TmuxSession(
            command: "TERM=\(term) '\(BuiltProducts.sidewalk)'",
            environment: Self.backtraceOff
        )
        defer { session.close() }
        try expectRestored(session, status: 1)
        let screen = try session.capture()
        #expect(screen.contains("sidewalk: ") && screen.contains("TERM=\(term)"))
    }
}
