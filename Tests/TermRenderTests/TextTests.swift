import PanoCore
import TermRender
import Testing

@Suite("Text to the terminal")
struct TextTests {
    @Test("controls, escapes and bidi overrides never pass the sanitiser", arguments: [
        "\u{1B}]0;pwned\u{07}", "\u{1B}]52;c;aGVsbG8=\u{07}", "\u{1B}[2J", "\u{9B}2J", "a\rb", "\u{202E}evil", "nul\u{0}", "\u{7F}",
    ])
    func sanitises(input: String) {
        let clean = TextSanitizer.sanitize(input)
        #expect(!clean.unicodeScalars.contains { TextSanitizer.isForbidden($0) })
    }

    @Test("ordinary text, including non-ASCII, passes unchanged")
    func keepsText() {
        #expect(TextSanitizer.sanitize("Café Aurora · 5th Ave · 東京") == "Café Aurora · 5th Ave · 東京")
        #expect(TextSanitizer.sanitize("a\tb\nc") == "a b c")
        #expect(TextSanitizer.sanitize(bytes: [0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
    }

    @Test("text is clipped to its width, wide characters counted as two columns")
    func clipping() {
        var grid = CellGrid(columns: 10, rows: 1)
        let used = TextLayout.draw("東京 station", into: &grid, row: 0, column: 0, width: 6, foreground: .white, background: .black)
        #expect(used == 6)
        #expect(grid[0, 0].glyph == "東" && grid[1, 0].glyph == Cell.continuation)
        #expect(grid[5, 0].glyph == "s")
        #expect(grid[6, 0] == Cell.blank, "nothing spills past the width")
        let straddle = TextLayout.draw("ab東", into: &grid, row: 0, column: 0, width: 3, foreground: .white, background: .black)
        #expect(straddle == 2, "a wide character that would straddle the edge is left out")
    }

    @Test("a terminal below the minimum size gets a notice, not a view")
    func tooSmall() {
        var composer = FrameComposer()
        let panorama = EquirectPanorama(image: RGBImage(width: 8, height: 4))
        let frame = composer.compose(panorama: panorama, camera: PanoramaCamera(), columns: 12, rows: 3, statusLeft: "", statusRight: "")
        let text = String(String.UnicodeScalarView(frame.cells.map(\.glyph)))
        #expect(text.contains("Terminal too"))
        #expect(!frame.cells.contains { $0.glyph == Cell.upperHalfBlock })
    }
}
