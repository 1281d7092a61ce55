import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The explorer asks the terminal what it can do (docs/terminals.md). Here the test is the
/// terminal: it reads the questions from a pseudo-terminal and answers them, or doesn't.
@Suite("Asking the terminal")
struct TerminalProbeTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path
    static let da1Query = Array("\u{1B}[c".utf8)

    /// The explorer in a pseudo-terminal whose environment says nothing of colour, as over SSH.
    private func explorer(_ options: [String] = [], locale: String? = "C.UTF-8") throws -> PseudoTerminalProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LC_ALL"] = locale
        if locale == nil { (environment["LANG"], environment["LC_CTYPE"]) = (nil, nil) }
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        for name in ["COLORTERM", "NO_COLOR", "TMUX"] { environment[name] = nil }
        return try PseudoTerminalProcess(
            [BuiltProducts.sidewalk, Self.demo] + options,
            environment: environment, columns: 100, rows: 30)
    }

    private static func contains(_ output: [UInt8], _ text: String) -> Bool {
        let wanted = Array(text.utf8)
        return output.indices.contains { output[$0...].starts(with: wanted) }
    }

    @Test(
        "a terminal that shows 24-bit colour when asked gets truecolor frames with no COLORTERM (over SSH); one that rounds it gets 256",
        arguments: [true, false])
    func trueColourFromTheAnswer(answersTrueColour: Bool) throws {
        let terminal = try explorer()
        #expect(terminal.read(until: { Self.contains($0, "\u{1B}[c") }, seconds: 20), "the probe ends with DA1")
        let rendition = answersTrueColour ? "0;48:2::1:2:3" : "0;48;5;16"
        terminal.type(Array("\u{1B}P1$r\(rendition)m\u{1B}\\\u{1B}[?62;22c".utf8))
        // An answer that comes after the first frame still counts: truecolor frames follow.
        if answersTrueColour {
            #expect(terminal.read(until: { Self.contains($0, "\u{1B}[38;2;") }, seconds: 60), "truecolor frames")
        } else {
            #expect(terminal.read(until: { Self.contains($0, "Heading") }, seconds: 60), "a frame")
            #expect(!Self.contains(terminal.output, "38;2;") && Self.contains(terminal.output, "38;5;"))
        }
        terminal.type(Array("q".utf8))
        #expect(terminal.exit(within: 10) == 0)
    }

    @Test(
        "with no locale (from an ssh client that sends none) the terminal's answer decides UTF-8: é one column on, blocks; two, ASCII",
        arguments: [true, false])
    func utf8FromTheAnswer(readsUTF8: Bool) throws {
        let terminal = try explorer(["--color", "truecolor"], locale: nil)
        #expect(terminal.read(until: { Self.contains($0, "\u{1B}[c") }, seconds: 20), "the probe ends with DA1")
        #expect(Self.contains(terminal.output, "\u{1B}[2;1Hé\u{1B}[6n"), "é written at row 2, then its place asked")
        let asked = terminal.output.count
        terminal.type(Array("\u{1B}[2;\(readsUTF8 ? 2 : 3)R\u{1B}[?62;22c".utf8))
        #expect(terminal.read(until: { Self.contains(Array($0[asked...]), "Heading") }, seconds: 60), "a frame")
        let frames = Array(terminal.output[asked...])
        if readsUTF8 {
            #expect(Self.contains(frames, "▀") || Self.contains(frames, "▄"), "the picture in half blocks")
        } else {
            #expect(frames.allSatisfy { $0 < 0x80 }, "every byte after the probe is ASCII")
        }
        terminal.type(Array("q".utf8))
        #expect(terminal.exit(within: 10) == 0)
    }

    @Test("a terminal that answers nothing still gets its first frame: the wait for an answer ends by itself")
    func silentTerminal() throws {
        let terminal = try explorer()
        #expect(terminal.read(until: { Self.contains($0, "\u{1B}[c") }, seconds: 20))
        // Nothing is answered; waiting for DA1's reply would never end.
        #expect(terminal.read(until: { Self.contains($0, "Heading") }, seconds: 60))
        terminal.type(Array("q".utf8))
        #expect(terminal.exit(within: 10) == 0)
    }

    @Test("replies that come late, split across reads and between typed keys are never taken as keys")
    func lateRepliesAreNotKeys() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-probe-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let terminal = try explorer(["--events", file.path, "--reduce-motion"])
        #expect(terminal.read(until: { Self.contains($0, "Heading") }, seconds: 20), "the first frame, the probe unanswered")
        // As keys, "ESC [ ? 6 4 ; 4 c" would be Escape, floor down, help, way 6, and "1" walks way 1.
        for part in ["\u{1B}[?6", "4;4", "c", "l", "\u{1B}P>|XTerm(1", ")\u{1B}", "\\", "\u{1B}P1$r0;1m\u{1B}\\", "\u{1B}[?1;2c"] {
            terminal.type(Array(part.utf8))
            _ = terminal.read(until: { _ in false }, seconds: 0.05)
        }
        terminal.type(Array("q".utf8))
        #expect(terminal.exit(within: 10) == 0)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(!lines.contains { $0.contains("willMoveToPanorama") }, "no way was walked")
        #expect(lines.filter { $0.contains("didMoveCamera") }.count == 2, "the start, and the one key typed (l): \(lines)")
    }

    @Test(
        "a terminal that lists sixels and the size of its sixel area gets the view in sixels at its pixel size, the labels written over it")
    func sixelPicture() throws {
        let terminal = try explorer()
        #expect(terminal.read(until: { Self.contains($0, "\u{1B}[c") }, seconds: 20))
        // xterm -ti vt340 in a 100×30 window of 8×17-pixel cells: 800×510 pixels, at most 1000×1000.
        terminal.type(Array("\u{1B}[?1;0;1024S\u{1B}[?2;0;800;510S\u{1B}[?2;0;1000;1000S\u{1B}[?63;1;2;4;6c".utf8))
        let image = "\u{1B}P0;1;0q\"1;1;800;476"  // 28 view rows of 17 pixels
        // Until the frame that holds the image has ended (an earlier frame may have ended before it).
        #expect(
            terminal.read(
                until: { output in
                    String(decoding: output, as: UTF8.self).components(separatedBy: image).dropFirst().last?.contains("\u{1B}[?2026l")
                        == true
                }, seconds: 60), "a sixel view")
        let output = String(decoding: terminal.output, as: UTF8.self)
        let afterImage = output.components(separatedBy: image).last ?? ""
        #expect(afterImage.contains("\u{1B}\\"), "the image ends")
        let labels = afterImage.components(separatedBy: "\u{1B}\\").dropFirst().joined()
        #expect(labels.contains("▲1 Main Street"), "a way's label is written after the image, so it shows on top")
        terminal.type(Array("q".utf8))
        #expect(terminal.exit(within: 10) == 0)
    }

    @Test("a 16-colour terminal that tells its palette (OSC 4) gets the picture fitted to those colours, not xterm's")
    func ownPalette() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"  // 8 colours in terminfo: 16-colour frames
        environment["LC_ALL"] = "C.UTF-8"
        for name in ["COLORTERM", "NO_COLOR", "TMUX"] { environment[name] = nil }
        let terminal = try PseudoTerminalProcess([BuiltProducts.sidewalk, Self.demo], environment: environment, columns: 100, rows: 30)
        #expect(terminal.read(until: { Self.contains($0, "\u{1B}]4;0;?;1;?") && Self.contains($0, "\u{1B}[c") }, seconds: 20))
        // A palette of black and one mid grey, in slot 5 (magenta): every colour is one of the two.
        let answers = (0..<16).map { "\u{1B}]4;\($0);rgb:\($0 == 5 ? "8080/8080/8080" : "0000/0000/0000")\u{1B}\\" }.joined()
        terminal.type(Array((answers + "\u{1B}[?62;22c").utf8))
        #expect(
            terminal.read(until: { Self.contains($0, "Heading") && Self.contains($0, "45m") }, seconds: 60),
            "grey drawn as the terminal's colour 5 (xterm's magenta is never chosen for the demo)")
        terminal.type(Array("q".utf8))
        #expect(terminal.exit(within: 10) == 0)
    }

    @Test("sidewalk terminal prints what the terminal answered, its untrusted name made safe, and the colour mode chosen")
    func terminalReport() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        for name in ["COLORTERM", "NO_COLOR", "TMUX"] { environment[name] = nil }
        let terminal = try PseudoTerminalProcess([BuiltProducts.sidewalk, "terminal"], environment: environment, columns: 100, rows: 30)
        #expect(terminal.read(until: { Self.contains($0, "\u{1B}[c") }, seconds: 20))
        terminal.type(Array("\u{1B}P>|Evil\u{9B}2J(1)\u{1B}\\\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}[?63;4c".utf8))
        #expect(terminal.read(until: { Self.contains($0, "colour mode:") && Self.contains($0, "\n") && $0.last == 0x0A }, seconds: 20))
        #expect(terminal.exit(within: 10) == 0)
        let report = String(decoding: terminal.output, as: UTF8.self)
        #expect(report.contains("sixel:           yes") && report.contains("24-bit colour:   yes"), "\(report)")
        #expect(report.contains("colour mode:     truecolor"), "TERM=xterm alone would give 16 colours")
        #expect(!report.contains("\u{9B}"), "no C1 control from the terminal's answer reaches the screen")
        #expect(report.contains("terminal:        Evil"))
    }
}
