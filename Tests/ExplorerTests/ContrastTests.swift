import Explorer
import ExplorerScripts
import PanoCore
import Testing

/// WCAG 2.x contrast as `expect contrast` measures it, held to published figures: the
/// specification's extremes (21:1, 1:1) and WebAIM's contrast checker's values for the greys
/// that sit either side of 4.5:1 on white (#767676 4.54:1, #777777 4.48:1).
@Suite("Contrast as drawn")
struct ContrastTests {
    static func ratio(_ a: RGB, _ b: RGB) -> Double { (ContrastRatio.of(a, b) * 100).rounded() / 100 }

    @Test("the ratio of WCAG's definition, against published values")
    func publishedRatios() {
        let white = RGB(255, 255, 255)
        #expect(Self.ratio(RGB(0, 0, 0), white) == 21)
        #expect(Self.ratio(white, white) == 1)
        #expect(Self.ratio(RGB(0x76, 0x76, 0x76), white) == 4.54)
        #expect(Self.ratio(RGB(0x77, 0x77, 0x77), white) == 4.48)
        #expect(Self.ratio(white, RGB(0x77, 0x77, 0x77)) == 4.48, "whichever is lighter")
        // WebAIM: #0000FF on white is 8.59:1; #FF0000 on white 4:1.
        #expect(Self.ratio(RGB(0, 0, 255), white) == 8.59)
        #expect(Self.ratio(RGB(255, 0, 0), white) == 4.0)
    }

    /// A screen of one row: `text` in `foreground` on `background`, the rest white on black.
    static func screen(_ text: String, _ foreground: RGB, on background: RGB, columns: Int = 20) -> ScreenCells {
        var cells = Array(repeating: ScreenCells.Cell(glyph: " ", foreground: RGB(255, 255, 255), background: RGB(0, 0, 0)), count: columns)
        for (index, scalar) in text.unicodeScalars.enumerated() {
            cells[index + 2] = ScreenCells.Cell(glyph: scalar, foreground: foreground, background: background)
        }
        return ScreenCells(columns: columns, rows: 1, cells: cells)
    }

    static func perceived(_ cells: ScreenCells, focus: String? = "way 1") -> Perceived {
        Perceived(
            camera: PanoramaCamera(), panorama: nil, focus: focus, ways: 0, note: nil, said: [], events: [], screen: nil, cells: cells)
    }

    @Test("hud: text needs the ratio asked, a symbol 3:1 at most, the picture's blocks and the map's braille none")
    func hud() {
        let grey = RGB(0x77, 0x77, 0x77)
        let check = { (screen: ScreenCells, ratio: Double) in Expectation(.contrast(.hud, atLeast: ratio)).check(Self.perceived(screen)) }
        #expect(
            check(Self.screen("Main", grey, on: RGB(255, 255, 255)), 4.5)
                == "'M' at row 1, column 3 is 4.48:1, #777777 on #ffffff (needs 4.5:1)")
        #expect(check(Self.screen("◆▲⌂", grey, on: RGB(255, 255, 255)), 4.5) == nil, "symbols need 3:1")
        #expect(check(Self.screen("▀▄⡇🬀", grey, on: RGB(255, 255, 255)), 4.5) == nil, "graphics are not text")
        #expect(check(Self.screen("Main", grey, on: RGB(255, 255, 255)), 4.4) == nil)
    }

    @Test("focus: the marked label's cells, from » while its background lasts; none marked says so")
    func focus() {
        var marked = Self.screen("» Bakery", RGB(0, 0, 0), on: RGB(0xff, 0xbe, 0x28))
        #expect(marked.focusedLabel?.count == 8)
        #expect(Expectation(.contrast(.focus, atLeast: 4.5)).check(Self.perceived(marked)) == nil)
        marked = Self.screen("» Bakery", RGB(0x99, 0x99, 0x99), on: RGB(0xff, 0xbe, 0x28))
        #expect(
            Expectation(.contrast(.focus, atLeast: 4.5)).check(Self.perceived(marked))
                == "'»' at row 1, column 3 is 1.72:1, #999999 on #ffbe28 (needs 4.5:1)")
        let unmarked = Self.screen("Bakery", RGB(0, 0, 0), on: RGB(255, 255, 255))
        #expect(Expectation(.contrast(.focus, atLeast: 4.5)).check(Self.perceived(unmarked)) == "no label on screen is marked »")
        #expect(Expectation(.contrast(.focus, atLeast: 4.5)).check(Self.perceived(unmarked, focus: nil)) == "nothing is focused")
    }

    @Test("expect contrast reads focus or hud, >= and a ratio from 1 to 21")
    func parsing() throws {
        #expect(try Expectation.parse("contrast focus >= 4.5").subject == .contrast(.focus, atLeast: 4.5))
        #expect(try Expectation.parse("soft contrast hud >= 3 within 1").soft)
        for bad in ["contrast", "contrast map >= 4.5", "contrast hud > 4.5", "contrast hud >= 22", "contrast hud >= x"] {
            #expect(throws: KeyScriptError.self) { try Expectation.parse(bad) }
        }
    }
}
