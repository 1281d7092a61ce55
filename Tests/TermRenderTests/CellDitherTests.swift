import PanoCore
import TermRender
import Testing

/// The ordered dither of 256- and 16-colour pictures, judged as the eye judges it: the colours
/// after a blur of one cell (`PerceivedColourError`), not pixel by pixel.
@Suite("Dithering palette colours")
struct CellDitherTests {
    /// A grid of half blocks of one colour, `columns`×`rows` cells: by default the size of a
    /// terminal, where an error diffusion's start at the top left (32×16 cells measured a still's
    /// orange at 2.33) is a small part of the whole.
    static func flat(_ colour: RGB, columns: Int = 96, rows: Int = 48) -> CellGrid {
        CellGrid(columns: columns, rows: rows, filling: Cell(glyph: Cell.upperHalfBlock, foreground: colour, background: colour))
    }

    /// The grid's half blocks as pixels, two a cell, for the metric.
    static func pixels(_ grid: CellGrid) -> RGBImage {
        var image = RGBImage(width: grid.columns, height: grid.rows * 2)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let (top, bottom) = grid[column, row].halves!
                (image[column, 2 * row], image[column, 2 * row + 1]) = (top, bottom)
            }
        }
        return image
    }

    static func error(_ grid: CellGrid, against colour: RGB) -> Double {
        let shown = pixels(grid)
        var reference = shown
        for y in 0..<reference.height { for x in 0..<reference.width { reference[x, y] = colour } }
        return PerceivedColourError.meanDeltaE(shown, reference, sigma: 4)  // half the pattern's 8 pixels
    }

    @Test(
        "colours between the palette's entries: dithered, the eye sees them; nearest-only, it sees the nearest entry",
        arguments: [
            (ColorMode.palette256, RGB(60, 110, 150)), (.palette256, RGB(40, 40, 40)), (.palette256, RGB(200, 150, 30)),
            (.ansi16, RGB(60, 110, 150)), (.ansi16, RGB(150, 120, 90)), (.ansi16, RGB(90, 90, 90))
        ] as [(ColorMode, RGB)])
    func meanColourKept(mode: ColorMode, colour: RGB) throws {
        let dither = try #require(CellDither.forMode(mode, ansi: .xterm))
        var dithered = Self.flat(colour)
        dither.apply(to: &dithered, rows: 0..<dithered.rows)
        var nearest = Self.flat(colour)
        let encoder = FrameEncoder(colorMode: mode)
        nearest = encoder.shownExactly(nearest)
        #expect(encoder.shownExactly(dithered) == dithered, "every colour drawn is a palette colour")
        let (ditheredError, nearestError) = (Self.error(dithered, against: colour), Self.error(nearest, against: colour))
        #expect(
            ditheredError < nearestError / 3 && ditheredError < (mode == .palette256 ? 2 : 8), "\(ditheredError) against \(nearestError)")
    }

    @Test("the pattern is anchored to the screen: the same picture gives the same cells; text rows and see-through cells are left alone")
    func anchored() throws {
        let dither = try #require(CellDither.forMode(.palette256, ansi: .xterm))
        var once = Self.flat(RGB(60, 110, 150))
        var twice = Self.flat(RGB(60, 110, 150))
        once[3, 0] = .seeThrough
        dither.apply(to: &once, rows: 0..<15)
        dither.apply(to: &twice, rows: 0..<15)
        #expect(once[3, 0] == .seeThrough && once[5, 15] == Self.flat(RGB(60, 110, 150))[5, 15], "outside its rows, nothing changes")
        var again = Self.flat(RGB(60, 110, 150))
        dither.apply(to: &again, rows: 0..<15)
        #expect(again == twice, "a still picture never flickers")
        #expect(CellDither.forMode(.truecolor, ansi: .xterm) == nil && CellDither.forMode(.none, ansi: .xterm) == nil)
    }
}
