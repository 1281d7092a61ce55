import PanoCore
import TermRender
import Testing

/// The 256-colour picture while the camera moves (`CellDither.motion`), judged on the
/// ColorChecker's patches, colours measured from the natural objects they stand for (X-Rite's
/// published sRGB values, 2005 formulation): what the eye sees of a flat area of each, after a
/// blur, against what the nearest palette entry shows.
@Suite("Pairs of palette colours while the camera moves")
struct PairDitherTests {
    /// The ColorChecker's 18 coloured patches, by name.
    static let checker: [(String, RGB)] = [
        ("dark skin", RGB(115, 82, 68)), ("light skin", RGB(194, 150, 130)), ("blue sky", RGB(98, 122, 157)),
        ("foliage", RGB(87, 108, 67)), ("blue flower", RGB(133, 128, 177)), ("bluish green", RGB(103, 189, 170)),
        ("orange", RGB(214, 126, 44)), ("purplish blue", RGB(80, 91, 166)), ("moderate red", RGB(193, 90, 99)),
        ("purple", RGB(94, 60, 108)), ("yellow green", RGB(157, 188, 64)), ("orange yellow", RGB(224, 163, 46)),
        ("blue", RGB(56, 61, 150)), ("green", RGB(70, 148, 73)), ("red", RGB(175, 54, 60)), ("yellow", RGB(231, 199, 31)),
        ("magenta", RGB(187, 86, 149)), ("cyan", RGB(8, 133, 161))
    ]

    static func shown(_ colour: RGB, dither: CellDither?) -> CellGrid {
        var grid = CellDitherTests.flat(colour)
        dither?.apply(to: &grid, rows: 0..<grid.rows)
        return FrameEncoder(colorMode: .palette256).shownExactly(grid)
    }

    /// Over the 18 patches the mean error falls by a fifth (16.6 to 13.2 when measured); the
    /// darkest muted ones gain most (foliage 26.5 to 12.0, blue 34.1 to 15.9), four saturated
    /// ones lose a little (red 21.4 to 28.7, in CIELAB, which weighs a saturated colour's chroma
    /// more than Oklab does): docs/decisions.md, 2026-12-07.
    @Test("over the ColorChecker's colours, the eye sees the scene's colours closer than the nearest entries show them")
    func closerThanNearest() throws {
        let pairs = try #require(CellDither.motion(.palette256))
        var (paired, nearest) = (0.0, 0.0)
        for (name, colour) in Self.checker {
            let withPairs = Self.shown(colour, dither: pairs)
            #expect(FrameEncoder(colorMode: .palette256).shownExactly(withPairs) == withPairs, "\(name): palette colours only")
            paired += CellDitherTests.error(withPairs, against: colour)
            nearest += CellDitherTests.error(Self.shown(colour, dither: nil), against: colour)
        }
        #expect(paired < 0.85 * nearest, "mean \(paired / 18) against \(nearest / 18)")
    }

    @Test("foliage stays green: its picture is not the grey the nearest entry is")
    func foliageIsNotGrey() {
        let foliage = Self.shown(RGB(87, 108, 67), dither: CellDither.motion(.palette256))
        let (top, bottom) = foliage[0, 0].halves!
        let greenest = max(Int(top.g) - Int(top.r), Int(bottom.g) - Int(bottom.r))
        #expect(greenest > 10, "\(top) and \(bottom)")
    }

    @Test("a flat area is a checkerboard the encoder draws with one pen: one colour change a row at most")
    func flatAreaCostsOnePen() throws {
        let pairs = try #require(CellDither.motion(.palette256))
        for (name, colour) in Self.checker {
            var grid = CellDitherTests.flat(colour)
            pairs.apply(to: &grid, rows: 0..<grid.rows)
            var encoder = FrameEncoder(colorMode: .palette256)
            var bytes: [UInt8] = []
            encoder.encode(grid, into: &bytes)
            let colourChanges = String(decoding: bytes, as: UTF8.self).split(separator: "\u{1B}[", omittingEmptySubsequences: false)
                .dropFirst().filter { $0.contains("5;") }.count
            #expect(colourChanges <= 1, "\(name): \(colourChanges) colour changes")
        }
    }

    @Test("only 256 colours pair their moving frames; truecolor, 16 colours and no colour draw them as they are")
    func onlyIn256() {
        #expect(CellDither.motion(.palette256)?.method == .pairs)
        #expect(CellDither.motion(.truecolor) == nil && CellDither.motion(.ansi16) == nil && CellDither.motion(.none) == nil)
    }
}
