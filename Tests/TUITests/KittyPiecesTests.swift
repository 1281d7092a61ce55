import Explorer
import Foundation
import PanoCore
import TermRender
import Testing

@testable import TUI

/// kitty's picture goes over the text, so it is shown in pieces around the labels
/// (`KittyGraphics.pieces`); a label that moves needs the pieces again.
@Suite("kitty's picture around the labels")
struct KittyPiecesTests {
    /// kitty's answers: graphics shown, cells of 2×4 pixels.
    static func pixels() -> PixelPicture {
        var capabilities = TerminalCapabilities()
        for reply: TerminalReply in [
            .version("kitty(0.26.5)"), .kittyGraphics(message: "OK"), .cellSize(width: 2, height: 4), .deviceAttributes([1])
        ] {
            capabilities.take(reply)
        }
        return PixelPicture(format: .kitty, dithered: false, capabilities: capabilities, environment: [:], columns: 4, rows: 3)
    }

    /// A 4×3 grid whose middle row is the view, with a label cell at column `label`.
    static func grid(label: Int) -> CellGrid {
        var grid = CellGrid(columns: 4, rows: 3, filling: Cell(glyph: " ", foreground: .white, background: RGB(0, 0, 40)))
        for column in 0..<4 { grid[column, 1] = .seeThrough }
        grid[label, 1] = Cell(glyph: "A", foreground: .white, background: RGB(200, 10, 10))
        return grid
    }

    /// The kitty commands in one frame with the label at `label` in `background`, each without its payload.
    func commands(
        _ pixels: inout PixelPicture, label: Int, background: RGB = RGB(200, 10, 10), view: String = "same view",
        encoder: inout FrameEncoder
    ) -> [String] {
        var grid = Self.grid(label: label)
        grid[label, 1].background = background
        var bytes: [UInt8] = []
        pixels.frame(
            grid, image: RGBImage(width: 8, height: 4), view: view, area: ViewArea(columns: 4, top: 1, rows: 1),
            quality: .exact, encoder: &encoder, into: &bytes)
        return String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}_G").dropFirst()
            .map { $0.components(separatedBy: "\u{1B}\\")[0].components(separatedBy: ";")[0] }
    }

    @Test("the pieces leave the label's cell to the text; a label that moves re-places the same picture, a focus sends nothing")
    func aroundTheLabel() {
        var pixels = Self.pixels()
        var encoder = FrameEncoder(colorMode: .truecolor)
        let first = commands(&pixels, label: 1, encoder: &encoder)
        #expect(first.first?.hasPrefix("a=t,f=100,t=d,i=2,") == true, "the picture sent once")
        #expect(
            first.filter { $0.hasPrefix("a=p,") } == [
                "a=p,i=2,p=1,x=0,y=0,w=2,h=4,c=1,r=1,C=1,q=2", "a=p,i=2,p=2,x=4,y=0,w=4,h=4,c=2,r=1,C=1,q=2"
            ])
        #expect(
            commands(&pixels, label: 3, encoder: &encoder) == ["a=d,d=i,i=2,q=2", "a=p,i=2,p=1,x=0,y=0,w=6,h=4,c=3,r=1,C=1,q=2"],
            "the label moved, the view did not: the same image placed again, its data kept")
        #expect(
            commands(&pixels, label: 3, background: RGB(255, 190, 40), encoder: &encoder).isEmpty,
            "the label took the focus colour: cells only")
        let turned = commands(&pixels, label: 3, view: "turned", encoder: &encoder)
        #expect(
            turned.first?.hasPrefix("a=t,f=100,t=d,i=1,") == true && turned.last == "a=d,d=I,i=2,q=2",
            "a new view: a new picture in the other id, the old one deleted after it")
    }

    @Test("a frame with no picture (the map open over the view) deletes kitty's image, and the picture comes back after it")
    func mapTakesThePictureAway() {
        var pixels = Self.pixels()
        var encoder = FrameEncoder(colorMode: .truecolor)
        #expect(commands(&pixels, label: 1, encoder: &encoder).first?.hasPrefix("a=t,") == true)
        var bytes: [UInt8] = []
        let map = CellGrid(columns: 4, rows: 3, filling: Cell(glyph: "⠉", foreground: .white, background: .black))
        pixels.frame(
            map, image: nil, view: "map", area: ViewArea(columns: 4, top: 1, rows: 1), quality: .exact, encoder: &encoder, into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\"), "deleted first: \(text.debugDescription)")
        #expect(text.contains("⠉"), "then the map's cells")
        #expect(
            commands(&pixels, label: 1, encoder: &encoder).first?.hasPrefix("a=t,") == true, "the same view is sent again after the map")
    }
}
