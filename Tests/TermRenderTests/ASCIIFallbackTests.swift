import PanoCore
import TermRender
import TestSupport
import Testing
import VirtualTerminal

@Suite("ASCII for terminals whose locale is not UTF-8")
struct ASCIIFallbackTests {
    @Test("the HUD's symbols and accented letters have ASCII stand-ins, one column each")
    func text() {
        #expect(ASCIIFallback.text("Heading 90° E · Pitch 0° · Zoom 1.0×") == "Heading 90o E - Pitch 0o - Zoom 1.0x")
        #expect(ASCIIFallback.text("◆ Café Aurora ⌂ home ▲1 Straße") == "* Cafe Aurora H home ^1 Stra?e")
    }

    @Test("an ASCII-only frame: half blocks become spaces of the halves' mean colour; a wide character keeps its two columns")
    func frame() {
        var grid = CellGrid(columns: 4, rows: 1)
        grid.cells[0] = Cell(glyph: Cell.upperHalfBlock, foreground: RGB(200, 0, 0), background: RGB(100, 0, 0))
        grid.cells[1] = Cell(glyph: "東", foreground: .white, background: .black)
        grid.cells[2] = Cell(glyph: Cell.continuation, foreground: .white, background: .black)
        grid.cells[3] = Cell(glyph: "°", foreground: .white, background: .black)
        var encoder = FrameEncoder(colorMode: .truecolor)
        encoder.asciiOnly = true
        var bytes: [UInt8] = []
        encoder.encode(grid, into: &bytes)
        #expect(bytes.allSatisfy { $0 < 0x80 })
        var terminal = VirtualScreen(columns: 4, rows: 1)
        terminal.feed(bytes)
        #expect(String(String.UnicodeScalarView(terminal.cells.map(\.glyph))) == " ? o")
        #expect(terminal.cells[0].background == RGB(150, 0, 0))
    }
}
