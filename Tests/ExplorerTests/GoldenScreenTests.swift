import Explorer
import ExplorerScripts
import Foundation
import PanoCore
import Testing

/// Golden screens: how a screen is written down, what is left out, and how a difference reads.
@Suite("Golden screens")
struct GoldenScreenTests {
    /// Two rows of four: a label over the picture's blocks.
    static let screen: ScreenCells = {
        let (white, blue, black) = (RGB(255, 255, 255), RGB(20, 60, 130), RGB(0, 0, 0))
        let picture = ScreenCells.Cell(glyph: "▀", foreground: RGB(90, 90, 90), background: RGB(30, 30, 30))
        return ScreenCells(
            columns: 4, rows: 2,
            cells: [
                ScreenCells.Cell(glyph: "◆", foreground: white, background: blue),
                ScreenCells.Cell(glyph: "A", foreground: white, background: blue),
                ScreenCells.Cell(glyph: " ", foreground: white, background: black), picture, picture, picture,
                ScreenCells.Cell(glyph: "🬀", foreground: white, background: black),
                ScreenCells.Cell(glyph: "⡇", foreground: white, background: black)
            ])
    }()

    @Test("text between bars, colours in runs; the picture's blocks and spaces have none")
    func render() {
        #expect(
            GoldenScreen.render(Self.screen, region: nil)
                == "sidewalk golden screen: 2 rows × 4 columns from row 1, column 1\n|◆A  |\n|   ⡇|\ncolours:\n"
                + "#ffffff/#143c82*2 -*2\n-*3 #ffffff/#000000*1\n")
        #expect(
            GoldenScreen.render(Self.screen, region: .init(row: 2, column: 4, rows: 1, columns: 1))
                == "sidewalk golden screen: 1 rows × 1 columns from row 2, column 4\n|⡇|\ncolours:\n#ffffff/#000000*1\n")
        #expect(GoldenScreen.render(Self.screen, region: .init(row: 2, column: 2, rows: 2, columns: 1)) == nil, "outside the screen")
    }

    @Test("a golden is kept per front and size, as Playwright keeps a snapshot per project")
    func fileNames() {
        #expect(GoldenScreen.fileName("goldens/map.golden", front: "terminal", size: "80x24") == "goldens/map-terminal-80x24.golden")
        #expect(GoldenScreen.fileName("a.b/map", front: "headless", size: "100x30") == "a.b/map-headless-100x30")
        #expect(GoldenScreen.fileName(".golden", front: "headless", size: "100x30") == ".golden-headless-100x30")
    }

    @Test("it holds when the screen is the golden; else it says which lines differ; none yet and recording say so")
    func check() throws {
        var golden = GoldenScreen(name: "a.golden", region: nil)
        golden.path = "/s/a-headless-4x2.golden"
        let seen = Perceived(
            camera: PanoramaCamera(), panorama: nil, focus: nil, ways: 0, note: nil, said: [], events: [], screen: nil, cells: Self.screen)
        #expect(Expectation(.golden(golden)).check(seen) == "no golden /s/a-headless-4x2.golden yet; --update-goldens records it")
        golden.expected = GoldenScreen.render(Self.screen, region: nil)
        #expect(Expectation(.golden(golden)).check(seen) == nil)
        golden.expected = golden.expected!.replacingOccurrences(of: "|◆A  |", with: "|◆B  |")
        #expect(
            Expectation(.golden(golden)).check(seen) == "the screen differs from /s/a-headless-4x2.golden in 1 line (first: row 1)")
        #expect(GoldenScreen.diff(golden.expected!, GoldenScreen.render(Self.screen, region: nil)!) == "@@ line 2\n- |◆B  |\n+ |◆A  |\n")
        golden.recording = true
        #expect(Expectation(.golden(golden)).check(seen)?.hasPrefix("recorded /s/a-headless-4x2.golden") == true)
    }

    @Test("expect screen matches FILE [region ROW,COL,ROWS,COLS]: a relative file, four whole numbers from 1")
    func parsing() throws {
        #expect(
            try Expectation.parse("screen matches g/map.golden region 1,2,3,4").subject
                == .golden(GoldenScreen(name: "g/map.golden", region: .init(row: 1, column: 2, rows: 3, columns: 4))))
        #expect(try Expectation.parse("screen \"matches\"").subject == .screen(.contains("matches")), "a quoted word is still text")
        for bad in ["screen matches", "screen matches /etc/x", "screen matches a region 0,1,1,1", "screen matches a region 1,1"] {
            #expect(throws: KeyScriptError.self) { try Expectation.parse(bad) }
        }
    }
}
