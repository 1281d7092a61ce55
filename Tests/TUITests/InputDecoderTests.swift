import Explorer
import PanoCore
import TUI
import TermRender
import Testing

@Suite("Input from bytes: keys, mouse reports and the terminal's replies")
struct InputDecoderTests {
    @Test("--record-input's bytes: what was typed, without the terminal's answers read in the same read")
    func typedBytes() {
        var decoder = InputDecoder()
        let (inputs, typed) = decoder.feedTellingTyped(Array("q\u{1B}[0n\u{1B}[0n".utf8))
        #expect(inputs == [.key(.character("q")), .reply(.statusReport), .reply(.statusReport)])
        #expect(typed == Array("q".utf8), "two status reports came in the same read as q")
        #expect(decoder.feedTellingTyped(Array("\u{1B}[0nw\u{1B}[C".utf8)).typed == Array("w\u{1B}[C".utf8))
    }

    static func keys(_ text: String) -> [Key] {
        var decoder = InputDecoder()
        return decoder.keys(Array(text.utf8)) + decoder.flush()
    }

    @Test("arrows and friends in CSI and SS3 forms, Shift-Tab, Home/End/PageUp/PageDown")
    func sequences() {
        #expect(Self.keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(Self.keys("\u{1B}OA\u{1B}OD\u{1B}[Z") == [.up, .left, .backTab])
        #expect(Self.keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[5~\u{1B}[6~") == [.home, .end, .home, .end, .pageUp, .pageDown])
        #expect(Self.keys("\u{1B}[1;5C") == [.right], "modifiers are ignored")
        #expect(Self.keys("\u{1B}[5;5~\u{1B}[6;2~\u{1B}[1;3~") == [.pageUp, .pageDown, .home], "on the page keys too (they were dropped)")
    }

    @Test("printable characters in UTF-8, Enter, Tab, Backspace, Ctrl letters")
    func plain() {
        #expect(
            Self.keys("q+1é\r\t\u{7F}\u{03}") == [
                .character("q"), .character("+"), .character("1"), .character("é"), .enter, .tab, .backspace, .control("c")
            ])
    }

    @Test("a lone Escape waits for time to tell it from a sequence; a sequence split across reads is joined")
    func escapeAndSplits() {
        var decoder = InputDecoder()
        #expect(decoder.keys([0x1B]).isEmpty && decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.keys([0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(decoder.keys([UInt8(ascii: "C")]) == [.right])
        #expect(decoder.keys(Array("\u{1B}q".utf8)) == [.escape, .character("q")], "Escape then a key typed quickly")
    }

    @Test("junk is dropped, never turned into keys: unknown sequences, C1 controls, invalid UTF-8, endless CSI")
    func junk() {
        #expect(Self.keys("\u{1B}[200~") == [])
        #expect(Self.keys("\u{1B}[?").isEmpty)
        var decoder = InputDecoder()
        #expect(decoder.keys([0xC2, 0x9B, 0xFF, 0x80]).isEmpty)
        #expect(decoder.keys([0x1B, UInt8(ascii: "[")] + [UInt8](repeating: UInt8(ascii: "1"), count: 100)).isEmpty)
        #expect(!decoder.isWaiting, "a runaway sequence is thrown away, not kept growing")
        #expect(decoder.keys(Array("q".utf8)) == [.character("q")])
    }

    static func inputs(_ chunks: [String]) -> [TerminalInput] {
        var decoder = InputDecoder()
        return chunks.flatMap { decoder.feed(Array($0.utf8)) } + decoder.flush().map { .key($0) }
    }

    /// What xterm answers to `TerminalProbe.queries`, as one string.
    static let xtermReplies =
        "\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}P1+r524742=382F382F38\u{1B}\\"
        + "\u{1B}[6;17;9t\u{1B}[4;816;1440t\u{1B}[?1;0;1024S\u{1B}[?2;0;1440;816S\u{1B}[?2;0;4096;4096S"
        + "\u{1B}]4;1;rgb:cdcd/0000/0000\u{1B}\\\u{1B}]4;12;rgb:5c/5c/ff\u{7}\u{1B}[?64;1;2;4;6;9;15;18;21;22c"

    @Test("each reply of the probe is recognised, none is a key")
    func replies() {
        var capabilities = TerminalCapabilities()
        let inputs = Self.inputs([Self.xtermReplies, "\u{1B}_Gi=31;OK\u{1B}\\"])
        for input in inputs {
            guard case .reply(let reply) = input else {
                Issue.record("not a reply: \(input)")
                continue
            }
            capabilities.take(reply)
        }
        #expect(capabilities.answered && capabilities.sixel && capabilities.kittyGraphics)
        #expect(capabilities.version == "XTerm(390)" && capabilities.trueColor == true)
        #expect(
            capabilities.cellPixels == PixelSize(width: 9, height: 17) && capabilities.textAreaPixels == PixelSize(width: 1440, height: 816)
        )
        #expect(capabilities.paletteColours == [1: RGB(205, 0, 0), 12: RGB(92, 92, 255)] && capabilities.ansiColours == nil)
        #expect(
            capabilities.sixelColours == 1024 && capabilities.sixelArea == PixelSize(width: 1440, height: 816)
                && capabilities.sixelAreaLimit == PixelSize(width: 4096, height: 4096))
    }

    @Test(
        "a reply split across reads anywhere, or with keys typed before and after it, leaves exactly the keys",
        arguments: [1, 2, 3, 5, 7, 11, 40])
    func splitAndInterleaved(chunk: Int) {
        let stream = Array(("q\u{1B}[A" + Self.xtermReplies + "é\u{1B}[<0;5;3M+").utf8)
        var decoder = InputDecoder()
        var inputs: [TerminalInput] = []
        for start in stride(from: 0, to: stream.count, by: chunk) {
            inputs += decoder.feed(Array(stream[start..<min(start + chunk, stream.count)]))
        }
        let keys = inputs.compactMap { if case .key(let key) = $0 { key } else { nil } }
        #expect(keys == [.character("q"), .up, .character("é"), .character("+")])
        #expect(inputs.contains(.pointer(.press(column: 4, row: 2))))
        #expect(inputs.filter { if case .reply = $0 { true } else { false } }.count == 11)
    }

    @Test("a late reply after keys, a refused DECRQSS, an unknown OSC and a cut-off string are never keys")
    func lateAndOdd() {
        let inputs = Self.inputs(["w", "\u{1B}P0$r\u{1B}\\", "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}P>|half", "\u{1B}[C", "s"])
        let keys = inputs.compactMap { if case .key(let key) = $0 { key } else { nil } }
        #expect(keys == [.character("w"), .right, .character("s")])
        #expect(inputs.contains(.reply(.graphicRendition(nil))))
        #expect(Self.inputs(["\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\"]) == [.reply(.graphicRendition("0;48:2::1:2:3"))])
        var fromRendition = TerminalCapabilities()
        fromRendition.take(.graphicRendition("0;48:2::1:2:3"))
        #expect(fromRendition.trueColor == true, "DECRQSS alone shows 24-bit colour")
        var capabilities = TerminalCapabilities()
        capabilities.take(.graphicRendition("0;48;5;16"))
        #expect(capabilities.trueColor == false, "a 256-colour answer shows the colour was rounded")
    }

    @Test("status reports (the answers that measure the link) are replies between keys, never keys")
    func statusReports() {
        let inputs = Self.inputs(["\u{1B}[0n", "x\u{1B}[0", "n\u{1B}[3n\u{1B}[A", "\u{1B}[5n"])
        #expect(
            inputs == [.reply(.statusReport), .key(.character("x")), .reply(.statusReport), .reply(.statusReport), .key(.up)],
            "an unknown status (5) is dropped, not typed")
    }

    @Test("SGR mouse reports: press, drag, release and the wheel, cells from 0; other buttons are ignored")
    func mouse() {
        let inputs = Self.inputs(["\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<0;11;5m\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<2;3;3M"])
        #expect(
            inputs == [
                .pointer(.press(column: 9, row: 4)), .pointer(.motion(column: 10, row: 4)), .pointer(.release(column: 10, row: 4)),
                .pointer(.wheel(up: true)), .pointer(.wheel(up: false))
            ])
    }

    @Test("the questions: DA1 last; only DA1 for the Linux console; no kitty query (an APC string) inside tmux or screen")
    func queries() {
        let full = String(decoding: TerminalProbe.queries(termName: "xterm-256color", environment: [:]), as: UTF8.self)
        #expect(full.hasSuffix("\u{1B}[c") && full.contains("\u{1B}[>q") && full.contains("\u{1B}P$qm") && full.contains("\u{1B}_G"))
        #expect(TerminalProbe.queries(termName: "linux", environment: [:]) == Array("\u{1B}[c".utf8))
        for (term, environment) in [("tmux-256color", [:]), ("xterm-256color", ["TMUX": "/tmp/tmux-0/default,1,0"]), ("screen", [:])] {
            let asked = String(decoding: TerminalProbe.queries(termName: term, environment: environment), as: UTF8.self)
            #expect(!asked.contains("\u{1B}_") && asked.hasSuffix("\u{1B}[c"))
        }
    }

    /// kitty 0.26.5 logs `[PARSE ERROR] CSI code S has unsupported start modifier` for each
    /// XTSMGRAPHICS query (it has no sixels to ask about) and `Unknown terminfo property` for
    /// XTGETTCAP's RGB and Tc (its 24-bit colour shows in the read-back).
    @Test("no sixel-limit (CSI ? … S) or XTGETTCAP queries for kitty, by TERM or KITTY_WINDOW_ID; still for xterm")
    func noUnknownQueriesForKitty() {
        let (sixelLimits, termcap) = ("\u{1B}[?1;1;0S", "\u{1B}P+q")
        for (term, environment) in [("xterm-kitty", [:]), ("xterm-256color", ["KITTY_WINDOW_ID": "1"])] {
            let asked = String(decoding: TerminalProbe.queries(termName: term, environment: environment), as: UTF8.self)
            #expect(!asked.contains(sixelLimits) && !asked.contains(termcap), "\(term)")
            #expect(asked.contains("\u{1B}_G") && asked.contains("\u{1B}P$qm") && asked.hasSuffix("\u{1B}[c"), "\(term)")
        }
        let xterm = String(decoding: TerminalProbe.queries(termName: "xterm-256color", environment: [:]), as: UTF8.self)
        #expect(xterm.contains(sixelLimits) && xterm.contains(termcap))
    }

    @Test("the UTF-8 probe's answer (CPR on row 2) is a reply that decides UTF-8; row 1 stays a key (F3 with modifiers)")
    func utf8ProbeAnswer() {
        var decoder = InputDecoder()
        let inputs = decoder.feed(Array("\u{1B}[2;2R\u{1B}[1;2R".utf8))
        #expect(inputs.first == .reply(.cursorPosition(row: 2, column: 2)))
        #expect(inputs.dropFirst().allSatisfy { if case .reply = $0 { false } else { true } }, "CSI 1;2R is not taken as an answer")
        var utf8 = TerminalCapabilities()
        utf8.take(.cursorPosition(row: 2, column: 2))
        var bytes = TerminalCapabilities()
        bytes.take(.cursorPosition(row: 2, column: 3))
        #expect(utf8.utf8 == true && bytes.utf8 == false && TerminalCapabilities().utf8 == nil)
        #expect(EscapeSequence.utf8Probe.contains(0xC3) && EscapeSequence.utf8Probe.contains(0xA9), "é as UTF-8's two bytes")
    }
}
