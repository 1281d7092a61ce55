import Benchmarks
import PanoCore
import TermRender
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Block symbols finer than half blocks")
struct SymbolTests {
    @Test("every pattern of every set has its own glyph, and the glyph gives the pattern back", arguments: SymbolSet.allCases)
    func tables(symbols: SymbolSet) {
        let patterns = 1 << symbols.count
        let glyphs = (0..<patterns).map(symbols.glyph(for:))
        #expect(Set(glyphs).count == patterns)
        for mask in 0..<patterns { #expect(symbols.mask(of: glyphs[mask]) == mask) }
    }

    @Test("code points checked against Unicode's names")
    func codePoints() {
        #expect(SymbolSet.quadrant.glyph(for: 0b1001) == "\u{259A}", "▚: upper left and lower right")
        #expect(SymbolSet.sextant.glyph(for: 1) == "\u{1FB00}", "BLOCK SEXTANT-1")
        #expect(SymbolSet.sextant.glyph(for: 0b10100) == "\u{1FB13}", "BLOCK SEXTANT-35")
        #expect(SymbolSet.sextant.glyph(for: 0b101011) == "\u{1FB28}", "BLOCK SEXTANT-1246")
        #expect(SymbolSet.sextant.glyph(for: 0b010101) == "\u{258C}" && SymbolSet.sextant.glyph(for: 62) == "\u{1FB3B}")
        #expect(SymbolSet.octant.glyph(for: 0b100) == "\u{1CD00}", "BLOCK OCTANT-3")
        #expect(SymbolSet.octant.glyph(for: 0b0010_1001) == "\u{1CD20}", "BLOCK OCTANT-146")
        #expect(SymbolSet.octant.glyph(for: 254) == "\u{1CDE5}", "BLOCK OCTANT-2345678")
        #expect(SymbolSet.octant.glyph(for: 1) == "\u{1CEA8}" && SymbolSet.octant.glyph(for: 128) == "\u{1CEA0}")
    }

    @Test(
        "a cell of two colours in any pattern is drawn exactly: that pattern's glyph, those colours",
        arguments: SymbolSet.allCases.dropFirst())
    func twoColoursExactly(symbols: SymbolSet) {
        let light = RGB(230, 200, 40)
        let dark = RGB(20, 40, 90)
        for mask in 1..<((1 << symbols.count) - 1) {
            var image = RGBImage(width: SymbolRasterizer.pixelsPerColumn, height: SymbolRasterizer.pixelsPerRow)
            for y in 0..<SymbolRasterizer.pixelsPerRow {
                for x in 0..<SymbolRasterizer.pixelsPerColumn {
                    // Each image pixel takes the colour of the sub-pixel holding its centre.
                    let bit =
                        (y * symbols.rows / SymbolRasterizer.pixelsPerRow) * symbols.columns + x * symbols.columns
                        / SymbolRasterizer.pixelsPerColumn
                    image[x, y] = mask & (1 << bit) != 0 ? light : dark
                }
            }
            guard symbols != .sextant || Self.sextantRowsAreWhole(mask) else { continue }
            var grid = CellGrid(columns: 1, rows: 1)
            SymbolRasterizer.fill(&grid, from: image, symbols: symbols)
            let cell = grid[0, 0]
            let drawn = symbols.mask(of: cell.glyph)
            let same = drawn == mask && cell.foreground == light && cell.background == dark
            let inverse = drawn == (1 << symbols.count) - 1 - mask && cell.foreground == dark && cell.background == light
            #expect(same || inverse, "pattern \(mask): \(cell)")
        }
    }

    @Test("sextant cells draw a quadrant or half block where one fits: an edge across a cell's middle is drawn exactly")
    func sextantsTakeQuadrants() {
        let light = RGB(230, 200, 40)
        let dark = RGB(20, 40, 90)
        for mask in 1..<15 {
            var image = RGBImage(width: SymbolRasterizer.pixelsPerColumn, height: SymbolRasterizer.pixelsPerRow)
            for y in 0..<SymbolRasterizer.pixelsPerRow {
                for x in 0..<SymbolRasterizer.pixelsPerColumn { image[x, y] = mask & (1 << ((y / 2) * 2 + x)) != 0 ? light : dark }
            }
            var grid = CellGrid(columns: 1, rows: 1)
            SymbolRasterizer.fill(&grid, from: image, symbols: .sextant)
            let cell = grid[0, 0]
            let drawn = SymbolSet.quadrant.mask(of: cell.glyph)
            let same = drawn == mask && cell.foreground == light && cell.background == dark
            let inverse = drawn == 15 - mask && cell.foreground == dark && cell.background == light
            #expect(same || inverse, "quadrant pattern \(mask): \(cell)")
        }
    }

    /// Sextant rows are 4/3 image rows: a pattern is exact only where the middle row matches
    /// the rows it shares image rows with.
    static func sextantRowsAreWhole(_ mask: Int) -> Bool {
        let rows = (0..<3).map { (mask >> ($0 * 2)) & 3 }
        return rows[0] == rows[1] && rows[1] == rows[2]
    }

    /// A 40×12-cell view of the compass panorama at 6×12 pixels a cell, and the explorer's
    /// picture of it in each symbol set, painted back into pixels the same way.
    static func picturesOfEachSet() -> (reference: RGBImage, pictures: [(symbols: SymbolSet, picture: RGBImage)]) {
        let panorama = SyntheticPanorama.cardinal(width: 512)
        let camera = PanoramaCamera(heading: 30, pitch: 10)
        let (columns, rows) = (40, 12)
        var reprojector = Reprojector()
        var reference = RGBImage(width: columns * CellPicture.pixelsPerColumn, height: rows * CellPicture.pixelsPerRow)
        reprojector.render(panorama, camera: camera, into: &reference)
        let pictures = SymbolSet.allCases.map { symbols in
            var composer = FrameComposer()
            composer.symbols = symbols
            let grid = composer.compose(
                panorama: panorama, camera: camera, columns: columns, rows: rows + 1, statusLeft: "", statusRight: "")
            return (symbols, CellPicture.render(grid, rows: rows))
        }
        return (reference, pictures)
    }

    @Test("finer symbols show a picture more closely: every set is over 1 dB above half blocks, and none below a coarser one")
    func finerIsCloser() {
        let (reference, pictures) = Self.picturesOfEachSet()
        let scores = pictures.map { ImageMetrics.psnr($0.picture, reference) }
        #expect(scores.dropFirst().allSatisfy { $0 > scores[0] + 1 }, "\(scores)")
        #expect(zip(scores.dropFirst(2), scores.dropFirst()).allSatisfy { $0 > $1 - 0.05 }, "\(scores)")
    }

    @Test("ASCII-only and colourless terminals get something they can show from block symbols")
    func fallbacks() {
        let cell = Cell(glyph: SymbolSet.sextant.glyph(for: 0b000111), foreground: .white, background: .black)
        var grid = CellGrid(columns: 1, rows: 1, filling: cell)
        var encoder = FrameEncoder(colorMode: .truecolor)
        encoder.asciiOnly = true
        #expect(encoder.shownExactly(grid)[0, 0].glyph == " ", "a space of the cell's mean colour")
        grid[0, 0] = cell
        #expect(FrameEncoder(colorMode: .none).shownExactly(grid)[0, 0].glyph.isASCII, "a character for its brightness")
    }

    @Test(
        "ANSI art read back gives the cells written, in every colour mode (how chafa's output is scored)",
        arguments: [ColorMode.truecolor, .palette256, .ansi16], SymbolSet.allCases)
    func ansiArtReadsBack(mode: ColorMode, symbols: SymbolSet) {
        var picture = ViewPicture(symbols: symbols)
        var grid = CellGrid(columns: 30, rows: 10)
        picture.draw(SyntheticPanorama.cardinal(width: 256), camera: PanoramaCamera(heading: 45, pitch: 20), into: &grid, rows: 10)
        let shown = FrameEncoder(colorMode: mode).shownExactly(grid)
        let read = AnsiArtReader.read(AnsiArt.encode(grid, colorMode: mode), columns: 30, rows: 10)
        let differing = zip(read.cells, shown.cells).filter { !$0.looksLike($1) }.count
        #expect(differing == 0)
    }
}

@Suite("The best two-colour picture a set allows")
struct TwoColourBoundTests {
    /// Cells of three grey stripes a third of a cell high each: 0, 120 and 240.
    static func thirds(columns: Int, rows: Int) -> RGBImage {
        var image = RGBImage(width: columns * CellPicture.pixelsPerColumn, height: rows * CellPicture.pixelsPerRow)
        for y in 0..<image.height {
            let grey = UInt8(120 * ((y % CellPicture.pixelsPerRow) / 4))
            for x in 0..<image.width { image[x, y] = RGB(grey, grey, grey) }
        }
        return image
    }

    @Test("worked by hand: thirds of 0, 120 and 240 leave 3200 mean square in halves, 2400 in sextants")
    func byHand() {
        // Halves: the top is 4 rows of 0 and 2 of 120, mean 40: 4·40² + 2·80² = 19200 a column
        // of pixels; the bottom the same; 38400 over a column's 12 pixels, 3200 each.
        let image = Self.thirds(columns: 3, rows: 2)
        let halves = 10 * log10(255.0 * 255.0 / 3200)
        #expect(abs(TwoColourBound.psnr(image, symbols: .half) - halves) < 1e-9)
        #expect(abs(TwoColourBound.psnr(image, symbols: .quadrant) - halves) < 1e-9, "quadrants add nothing across")
        // Sextants: one third alone, the other two in their mean, 60 from each: 8 · 60² a column.
        let sextants = 10 * log10(255.0 * 255.0 / 2400)
        #expect(abs(TwoColourBound.psnr(image, symbols: .sextant) - sextants) < 1e-9)
    }

    @Test("no set's picture passes its bound, and finer sets' bounds are not lower")
    func bounds() {
        let (reference, pictures) = SymbolTests.picturesOfEachSet()
        var bounds: [Double] = []
        for (symbols, picture) in pictures {
            let bound = TwoColourBound.psnr(reference, symbols: symbols)
            #expect(ImageMetrics.psnr(picture, reference) <= bound, "\(symbols)")
            bounds.append(bound)
        }
        #expect(zip(bounds, bounds.dropFirst()).allSatisfy { $0 <= $1 }, "\(bounds)")
    }
}
