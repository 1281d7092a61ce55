import PanoCore
import TermRender
import TestSupport
import Testing

@Suite("Colour modes")
struct ColorModeTests {
    @Test(
        "detection follows NO_COLOR, COLORTERM, terminfo and TERM",
        arguments: [
            ([:], false, 256, ColorMode.palette256),
            (["COLORTERM": "truecolor"], false, 8, .truecolor),
            (["COLORTERM": "24bit"], false, 256, .truecolor),
            ([:], true, 256, .truecolor),
            (["TERM": "xterm-direct"], false, 16_777_216, .truecolor),
            (["TERM": "linux"], false, 8, .ansi16),
            (["TERM": "vt100"], false, -1, .none),
            (["NO_COLOR": "1", "COLORTERM": "truecolor"], true, 256, .none),
            (["NO_COLOR": ""], false, 256, .palette256)
        ] as [([String: String], Bool, Int, ColorMode)])
    func detection(environment: [String: String], rgb: Bool, colors: Int, expected: ColorMode) {
        #expect(ColorMode.detect(environment: environment, terminfoTrueColor: rgb, terminfoColors: colors) == expected)
    }

    @Test(
        "the palettes map colours to their nearest entry",
        arguments: [
            (RGB(255, 0, 0), UInt8(196), UInt8(9)), (RGB(0, 0, 0), 16, 0), (RGB(255, 255, 255), 231, 15),
            (RGB(128, 128, 128), 244, 8), (RGB(10, 10, 10), 232, 0), (RGB(0, 95, 135), 24, 8), (RGB(0, 0, 200), 20, 4)
        ] as [(RGB, UInt8, UInt8)])
    func nearest(colour: RGB, index256: UInt8, index16: UInt8) {
        #expect(ColorPalette.nearest256(colour) == index256)
        #expect(AnsiPalette.xterm.nearest(colour) == index16)
    }

    @Test("16 colours are fitted to the terminal's own palette when it told it (OSC 4): a Solarized terminal gets its own nearest")
    func terminalsOwnPalette() {
        // Solarized's 16 colours (base03 ... base3 and the accents), as a terminal would report them.
        let solarized = [
            RGB(7, 54, 66), RGB(220, 50, 47), RGB(133, 153, 0), RGB(181, 137, 0), RGB(38, 139, 210), RGB(211, 54, 130),
            RGB(42, 161, 152), RGB(238, 232, 213), RGB(0, 43, 54), RGB(203, 75, 22), RGB(88, 110, 117), RGB(101, 123, 131),
            RGB(131, 148, 150), RGB(108, 113, 196), RGB(147, 161, 161), RGB(253, 246, 227)
        ]
        let palette = AnsiPalette(colours: solarized)
        #expect(palette.nearest(RGB(0, 45, 55)) == 8, "a dark teal is Solarized's base03, which xterm's palette has no colour near")
        #expect(AnsiPalette.xterm.nearest(RGB(0, 45, 55)) == 0)
        #expect((0..<16).allSatisfy { palette.nearest(solarized[$0]) == UInt8($0) }, "each of its colours maps to itself")
        var encoder = FrameEncoder(colorMode: .ansi16)
        encoder.ansiPalette = palette
        let grid = CellGrid(columns: 1, rows: 1, filling: Cell(glyph: " ", foreground: .white, background: RGB(0, 45, 55)))
        #expect(encoder.shownExactly(grid).cells[0].background == solarized[8])
        var bytes: [UInt8] = []
        encoder.encode(grid, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).contains("100m"), "bright black's background, SGR 100")
    }

    /// The same tiny frame as the truecolor goldens, in the other modes.
    private func tinyFrame() -> CellGrid {
        var image = RGBImage(width: 4, height: 4)
        let palette = [RGB(255, 0, 0), RGB(0, 128, 255), RGB(10, 20, 30), RGB(255, 255, 255)]
        for y in 0..<4 { for x in 0..<4 { image[x, y] = palette[(x / 2 + y) % 4] } }
        var grid = CellGrid(columns: 4, rows: 3)
        HalfBlockRasterizer.fill(&grid, from: image)
        TextLayout.draw("Hé!", into: &grid, row: 2, column: 0, width: 4, foreground: .white, background: RGB(30, 30, 46))
        return grid
    }

    @Test("each colour mode's bytes for a tiny frame equal its golden file", arguments: ColorMode.allCases)
    func goldens(mode: ColorMode) {
        var encoder = FrameEncoder(colorMode: mode)
        var bytes: [UInt8] = []
        encoder.encode(tinyFrame(), into: &bytes)
        #expect(GoldenFile.compare(bytes, name: "tiny-\(mode.rawValue).ans", testFile: #filePath) == .matches)
    }

    @Test("without colour, no SGR is sent and pictures become characters by brightness")
    func colourless() {
        var encoder = FrameEncoder(colorMode: .none)
        var bytes: [UInt8] = []
        encoder.encode(tinyFrame(), into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("m\u{1B}") && !text.contains("38;") && !text.contains("[0m"))
        #expect(text.contains("Hé!"))
        #expect(!text.contains("▀"))
    }
}
