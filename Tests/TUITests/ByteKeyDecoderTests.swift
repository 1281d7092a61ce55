import Explorer
import Testing
import TUI

@Suite("Keys from bytes (describe mode)")
struct ByteKeyDecoderTests {
    static func keys(_ text: String) -> [Key] {
        var decoder = ByteKeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test("arrows and friends in CSI and SS3 forms, Shift-Tab, Home/End/PageUp/PageDown")
    func sequences() {
        #expect(Self.keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(Self.keys("\u{1B}OA\u{1B}OD\u{1B}[Z") == [.up, .left, .backTab])
        #expect(Self.keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[5~\u{1B}[6~") == [.home, .end, .home, .end, .pageUp, .pageDown])
        #expect(Self.keys("\u{1B}[1;5C") == [.right], "modifiers are ignored")
    }

    @Test("printable characters in UTF-8, Enter, Tab, Backspace, Ctrl letters")
    func plain() {
        #expect(Self.keys("q+1é\r\t\u{7F}\u{03}") == [.character("q"), .character("+"), .character("1"), .character("é"), .enter, .tab, .backspace, .control("c")])
    }

    @Test("a lone Escape waits for time to tell it from a sequence; a sequence split across reads is joined")
    func escapeAndSplits() {
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty && decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(decoder.feed([UInt8(ascii: "C")]) == [.right])
        #expect(decoder.feed(Array("\u{1B}q".utf8)) == [.escape, .character("q")], "Escape then a key typed quickly")
    }

    @Test("junk is dropped, never turned into keys: unknown sequences, C1 controls, invalid UTF-8, endless CSI")
    func junk() {
        #expect(Self.keys("\u{1B}[200~") == [])
        #expect(Self.keys("\u{1B}[?").isEmpty)
        var decoder = ByteKeyDecoder()
        #expect(decoder.feed([0xC2, 0x9B, 0xFF, 0x80]).isEmpty)
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")] + [UInt8](repeating: UInt8(ascii: "1"), count: 100)).isEmpty)
        #expect(!decoder.isWaiting, "a runaway sequence is thrown away, not kept growing")
        #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
    }
}
