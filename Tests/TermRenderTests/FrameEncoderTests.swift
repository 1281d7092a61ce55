import PanoCore
import TermRender
import TestSupport
import Testing
import VirtualTerminal

@Suite("Frame encoder")
struct FrameEncoderTests {
    /// A 4×4 pixel image: 4 columns × 2 rows of half-block cells, with repeated colours so that
    /// colour reuse shows in the bytes.
    private func tinyImage() -> RGBImage {
        var image = RGBImage(width: 4, height: 4)
        let palette = [RGB(255, 0, 0), RGB(0, 128, 255), RGB(10, 20, 30), RGB(255, 255, 255)]
        for y in 0..<4 {
            for x in 0..<4 { image[x, y] = palette[(x / 2 + y) % 4] }
        }
        return image
    }

    private func grid(from image: RGBImage) -> CellGrid {
        var grid = CellGrid(columns: image.width, rows: image.height / 2)
        HalfBlockRasterizer.fill(&grid, from: image)
        return grid
    }

    @Test("the first frame of a tiny image equals its golden bytes")
    func firstFrameGolden() {
        var encoder = FrameEncoder()
        var bytes: [UInt8] = []
        encoder.encode(grid(from: tinyImage()), into: &bytes)
        #expect(GoldenFile.compare(bytes, name: "tiny-first-frame.ans", testFile: #filePath) == .matches)
    }

    @Test("a one-cell change sends only that cell, and equals its golden bytes")
    func oneCellChangeGolden() {
        var encoder = FrameEncoder()
        var bytes: [UInt8] = []
        var image = tinyImage()
        encoder.encode(grid(from: image), into: &bytes)
        image[2, 3] = RGB(1, 2, 3)
        encoder.encode(grid(from: image), into: &bytes)
        #expect(GoldenFile.compare(bytes, name: "tiny-one-cell-change.ans", testFile: #filePath) == .matches)
        #expect(String(decoding: bytes, as: UTF8.self).filter { $0 == "▀" }.count == 1)
    }

    @Test("cursor addressing is right past column 999: a change at column 1051 of a 1,200-column frame lands there")
    func wideTerminal() {
        var grid = CellGrid(columns: 1200, rows: 3)
        for i in grid.cells.indices { grid.cells[i] = Cell(glyph: "a", foreground: .white, background: .black) }
        var encoder = FrameEncoder(colorMode: .truecolor)
        var terminal = VirtualScreen(columns: 1200, rows: 3)
        var bytes: [UInt8] = []
        encoder.encode(grid, into: &bytes)
        terminal.feed(bytes)
        grid.cells[1 * 1200 + 1050] = Cell(glyph: "Z", foreground: .white, background: .black)
        grid.cells[2 * 1200 + 1199] = Cell(glyph: "Y", foreground: .white, background: .black)
        encoder.encode(grid, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2;1051H"), "it sent ESC[2;:51H")
        terminal.feed(bytes)
        #expect(terminal.unknown.isEmpty, "\(terminal.unknown)")
        #expect(terminal.cells[1 * 1200 + 1050].glyph == "Z" && terminal.cells[2 * 1200 + 1199].glyph == "Y")
        #expect(zip(terminal.cells, grid.cells).allSatisfy { $0.glyph == $1.glyph }, "every cell where the frame has it")
    }

    @Test("an unchanged frame sends nothing")
    func idleIsSilent() {
        var encoder = FrameEncoder()
        var bytes: [UInt8] = []
        let frame = grid(from: tinyImage())
        encoder.encode(frame, into: &bytes)
        #expect(!bytes.isEmpty)
        encoder.encode(frame, into: &bytes)
        #expect(bytes.isEmpty)
    }

    @Test("after invalidate() or a size change the whole frame is sent again")
    func invalidateRedraws() {
        var encoder = FrameEncoder()
        var first: [UInt8] = []
        var again: [UInt8] = []
        let frame = grid(from: tinyImage())
        encoder.encode(frame, into: &first)
        encoder.invalidate()
        encoder.encode(frame, into: &again)
        #expect(first == again)
        var resized: [UInt8] = []
        encoder.encode(CellGrid(columns: 3, rows: 1), into: &resized)
        #expect(resized.count > 3)
    }

    @Test("colour codes are sent only when a colour changes")
    func coloursOnlyOnChange() {
        var grid = CellGrid(columns: 6, rows: 1, filling: Cell(glyph: "x", foreground: .white, background: .black))
        grid[3, 0] = Cell(glyph: "y", foreground: .white, background: RGB(9, 9, 9))
        var encoder = FrameEncoder()
        var bytes: [UInt8] = []
        encoder.encode(grid, into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\u{1B}[38;2;255;255;255;48;2;0;0;0mxxx\u{1B}[48;2;9;9;9my\u{1B}[48;2;0;0;0mxx"))
    }
}
