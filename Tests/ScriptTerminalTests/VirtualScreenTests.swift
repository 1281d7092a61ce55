import Explorer
import ScriptTerminal
import Testing
import VirtualTerminal

/// The terminal `sidewalk test` reads: what a program's bytes put on screen, and what keys send.
@Suite("A terminal of our own")
struct VirtualScreenTests {
    static func screen(_ text: String, columns: Int = 10, rows: Int = 3) -> VirtualScreen {
        var screen = VirtualScreen(columns: columns, rows: rows)
        screen.feed(Array(text.utf8))
        return screen
    }

    @Test("text at the cursor; cursor addressing, moves, erasing, carriage return and line feed")
    func cursorAndErasing() {
        #expect(Self.screen("ab\r\ncd").text == "ab        \ncd        \n          ")
        #expect(Self.screen("\u{1B}[2;4Hx\u{1B}[1;1Hy").text == "y         \n   x      \n          ")
        #expect(Self.screen("abcdef\u{1B}[1;3H\u{1B}[K").text == "ab        \n          \n          ")
        #expect(Self.screen("abc\r\ndef\u{1B}[2J").text == "          \n          \n          ")
        #expect(Self.screen("abc\u{1B}[2D\u{1B}[1P").text.hasPrefix("ac        "))
        #expect(Self.screen("\u{1B}[3;1Hz\u{1B}[A\u{1B}[Cy").text == "          \n  y       \nz         ")
    }

    @Test("wrapping at the last column, scrolling at the bottom, wide characters taking two cells")
    func wrapScrollWide() {
        #expect(Self.screen("0123456789ab").text == "0123456789\nab        \n          ")
        #expect(Self.screen("1\r\n2\r\n3\r\n4").text == "2         \n3         \n4         ")
        #expect(Self.screen("東京x").text == "東京x     \n          \n          ", "two cells each: five columns used")
    }

    @Test("colours, titles, clipboard and images are read and dropped, even split across reads")
    func sequencesDropped() {
        var screen = VirtualScreen(columns: 10, rows: 1)
        for piece in [
            "\u{1B}[38;2;1;2;3ma\u{1B}]0;ti", "tle\u{07}b\u{1B}]52;c;eA==\u{1B}", "\\c\u{1B}_Ga=q;AAAA\u{1B}\\d\u{1B}P",
            "q#0;2;0;0;0\u{1B}\\e"
        ] {
            screen.feed(Array(piece.utf8))
        }
        #expect(screen.text == "abcde     ")
    }

    @Test("the alternate screen starts blank; the cursor-key mode is kept; device attributes, status and cursor position are answered")
    func modesAndReplies() {
        var screen = Self.screen("shell\u{1B}[?1049h\u{1B}[?1h\u{1B}[c\u{1B}[5n\u{1B}[2;3H\u{1B}[6n")
        #expect(screen.text == "          \n          \n          ")
        #expect(screen.applicationCursorKeys)
        #expect(screen.takeReplies() == Array("\u{1B}[?62;22c\u{1B}[0n\u{1B}[2;3R".utf8))
        #expect(screen.takeReplies().isEmpty)
        screen.feed(Array("\u{1B}[?1l".utf8))
        #expect(!screen.applicationCursorKeys)
    }

    @Test("a reset (ESC c) in the middle of what was written clears the screen and reads on (it once crashed the reader)")
    func resetMidFeed() {
        var screen = Self.screen("abc\u{1B}[41mdef\u{1B}cX\u{1B}[2;2HY")
        #expect(screen.text == "X         \n Y        \n          ")
        #expect(screen[0, 0].background == nil, "the reset takes the colours back too")
        screen.feed(Array("\u{1B}[?1049hZ\u{1B}[?1049lW".utf8))
        #expect(screen.text == "X         \n YW       \n          ", "leaving the alternate screen shows the main one again")
    }

    @Test("keys as xterm sends them: arrows in CSI or SS3 form as the program asked, Shift-Tab, Escape, Ctrl")
    func keyBytes() {
        #expect(KeyBytes.of(.left, applicationCursorKeys: false) == Array("\u{1B}[D".utf8))
        #expect(KeyBytes.of(.left, applicationCursorKeys: true) == Array("\u{1B}OD".utf8))
        #expect(KeyBytes.of(.home, applicationCursorKeys: true) == Array("\u{1B}OH".utf8))
        #expect(KeyBytes.of(.backTab, applicationCursorKeys: true) == Array("\u{1B}[Z".utf8))
        #expect(KeyBytes.of(.pageDown, applicationCursorKeys: false) == Array("\u{1B}[6~".utf8))
        #expect(KeyBytes.of(.escape, applicationCursorKeys: false) == [0x1B])
        #expect(KeyBytes.of(.enter, applicationCursorKeys: false) == [0x0D])
        #expect(KeyBytes.of(.control("c"), applicationCursorKeys: false) == [0x03])
        #expect(KeyBytes.of(.character("é"), applicationCursorKeys: false) == Array("é".utf8))
        #expect(KeyBytes.of(.right, applicationCursorKeys: true, modifier: 5) == Array("\u{1B}[1;5C".utf8), "a modifier: CSI form")
        #expect(KeyBytes.of(.pageUp, applicationCursorKeys: false, modifier: 2) == Array("\u{1B}[5;2~".utf8))
    }
}
