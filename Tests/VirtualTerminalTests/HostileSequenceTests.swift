import PanoCore
import TermRender
import Testing
import VirtualTerminal

/// Numbers a program writes into a sequence are its own: whatever they are, the model keeps
/// the cursor on the screen and never overflows (a trap would end `sidewalk render` and
/// `sidewalk test`).
@Suite("The terminal model with hostile numbers")
struct HostileSequenceTests {
    static let (columns, rows) = (LibVTermOracleTests.columns, LibVTermOracleTests.rows)

    static let beyondTheScreen: [(String, String)] = [
        ("a move right past the edge", "\u{1B}[2;2H\u{1B}[99999Cx"),
        ("a move down past the bottom", "\u{1B}[2;2H\u{1B}[99999By"),
        ("a move up and left past the top left", "\u{1B}[4;6H\u{1B}[99999A\u{1B}[99999Dz"),
        ("characters erased past the edge", "abcdefghijkl\u{1B}[1;3H\u{1B}[41m\u{1B}[99999X"),
        ("an address far outside", "\u{1B}[99999;99999Hw\u{1B}[99999d\u{1B}[99999Gv"),
        ("characters inserted and deleted past the edge", "abcdefghij\u{1B}[1;3H\u{1B}[99999@x\u{1B}[2;1Habcdef\u{1B}[2;2H\u{1B}[99999P")
    ]

    @Test("counts and positions past the screen stop at its edge, as in libvterm", arguments: beyondTheScreen)
    func beyondTheScreenMatchesLibVTerm(name: String, text: String) {
        let differences = LibVTermOracleTests.played(text).differences
        #expect(differences.isEmpty, "\(name): \(differences.prefix(4))")
    }

    static let huge = ["9223372036854775807", "9223372036854775806", "18446744073709551616", String(repeating: "9", count: 400)]

    @Test("a count as large as a number can be written moves, erases and scrolls without overflowing", arguments: huge)
    func hugeCounts(count: String) {
        var screen = VirtualScreen(columns: Self.columns, rows: Self.rows)
        for final in ["C", "B", "X", "A", "D", "E", "F", "G", "d", "@", "P", "L", "M", "S", "T", "J", "K", "r", "H", "n"] {
            screen.feed(Array("\u{1B}[2;2H\u{1B}[\(count)\(final)\u{1B}[\(count);\(count)\(final)".utf8))
            #expect((0..<Self.rows).contains(screen.cursor.row) && (0..<Self.columns).contains(screen.cursor.column), "CSI \(final)")
        }
        screen.feed(Array("\u{1B}[2;2H\u{1B}[\(count)Cx".utf8))
        #expect(screen[Self.columns - 1, 1].glyph == "x")
        screen.feed(Array("\u{1B}[38;5;\(count)m\u{1B}[48;2;\(count);\(count);\(count)my".utf8))
        #expect(screen[Self.columns - 1, 1].glyph == "y" || screen.cursor.row == 2)
    }

    @Test("a parameter's value is its ASCII digits, at most 65535")
    func parameterValues() {
        #expect(VirtualScreen.parameterValue("12") == 12)
        #expect(VirtualScreen.parameterValue("") == nil)
        #expect(VirtualScreen.parameterValue("7:2") == 7)
        #expect(VirtualScreen.parameterValue("65536") == 65_535)
        #expect(VirtualScreen.parameterValue(Substring(String(repeating: "9", count: 100))) == 65_535)
        #expect(VirtualScreen.parameterValue("\u{0663}") == nil)  // an Arabic-Indic three is no ASCII digit
    }

    static let splitSequences = [
        "a\u{1B}]0;a long title\u{1B}\\b\u{1B}P$qm\u{1B}\\c\u{1B}]2;x\u{07}d",
        "\u{1B}[31mred\u{1B}P" + String(repeating: "q", count: 3000) + "\u{1B}\\\u{1B}[0mend"
    ]

    @Test("string sequences fed a byte at a time end where they end, as when fed whole (and as in libvterm)", arguments: splitSequences)
    func byteAtATime(text: String) {
        var pieces = VirtualScreen(columns: Self.columns, rows: Self.rows)
        for byte in text.utf8 { pieces.feed([byte]) }
        var whole = VirtualScreen(columns: Self.columns, rows: Self.rows)
        whole.feed(Array(text.utf8))
        let oracle = LibVTerm(columns: Self.columns, rows: Self.rows)
        oracle.feed(Array(text.utf8))
        #expect(LibVTermOracleTests.differences(pieces, oracle).isEmpty && pieces.text == whole.text && pieces.cursor == whole.cursor)
    }
}
