import PanoCore
import TermRender
import TestSupport
import Testing

@Suite("Colour modes")
struct ColorModeTests {
    @Test("detection follows NO_COLOR, COLORTERM, terminfo and TERM", arguments: [
        ([:], false, 256, ColorMode.palette256),
        (["COLORTERM": "truecolor"], false, 8, .truecolor),
        (["COLORTERM": "24bit"], false, 256, .truecolor),
        ([:], true, 256, .truecolor),
        (["TERM": "xterm-direct"], false, 16_777_216, .truecolor),
        (["TERM": "linux"], false, 8, .ansi16),
        (["TERM": "vt100"], false, -1, .none),
        (["NO_COLOR": "1", "COLORTERM": "truecolor"], true, 256, .none),
        (["NO_COLOR": ""], false, 256, .palette256),
    ] as [([String: String], Bool, Int, ColorMode)])
    func detection(environment: [String: String], rgb: Bool, colors: Int, expected: ColorMode) {
        #expect(ColorMode.detect(environment: environment, terminfoTrueColor: rgb, terminfoColors: colors) == expected)
    }

    @Test("the palettes map colours to their nearest entry", arguments: [
        (RGB(255, 0, 0), UInt8(196), UInt8(9)), (RGB(0, 0, 0), 16, 0), (RGB(255, 255, 255), 231, 15),
        (RGB(128, 128, 128), 244, 8), (RGB(10, 10, 10), 232, 0), (RGB(0, 95, 135), 24, 8), (RGB(0, 0, 200), 20, 4),
    ] as [(RGB, UInt8, UInt8)])
    func nearest(colour: RGB, index256: UInt8, index16: UInt8) {
        #expect(ColorPalette.nearest256(colour) == index256)
        #expect(ColorPalette.nearest16(colour) == index16)
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
