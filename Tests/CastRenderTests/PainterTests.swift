import CastRender
import Foundation
import PanoCore
import PanoImage
import Testing
import VirtualTerminal

/// Screens drawn as pixels: shapes for block symbols, pictures where they were placed, text over
/// pictures replacing them cell by cell.
@Suite("Drawing screens")
struct PainterTests {
    static let font = ["/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"].first { FileManager.default.fileExists(atPath: $0) }

    static func screen(_ text: String, columns: Int = 4, rows: Int = 2, cell: (Int, Int) = (10, 20)) -> (VirtualScreen, PictureStore) {
        var screen = VirtualScreen(columns: columns, rows: rows)
        screen.pictures = PictureStore(cell: cell)
        screen.feed(Array(text.utf8))
        return (screen, screen.pictures as! PictureStore)
    }

    static func paint(_ text: String, columns: Int = 4, rows: Int = 2) -> RGBImage {
        let (screen, pictures) = screen(text, columns: columns, rows: rows)
        return ScreenPainter(cell: (10, 20), fontPath: font).paint(screen, pictures: pictures)
    }

    @Test("▀, a lower eighth, a left quarter and a sextant fill exactly their parts of the cell")
    func shapes() {
        let red = RGB(255, 0, 0)
        // ▀ ▁ ▎ and BLOCK SEXTANT-1 (the top left sixth), red on black.
        let image = Self.paint("\u{1B}[38;2;255;0;0m\u{2580}\u{2581}\u{258E}\u{1FB00}")
        let lit = { (cell: Int) in (0..<20).flatMap { y in (0..<10).map { x in image[cell * 10 + x, y] == red ? "#" : "." } }.joined() }
        #expect(lit(0) == String(repeating: "#", count: 100) + String(repeating: ".", count: 100))
        #expect(
            lit(1) == String(repeating: ".", count: 170) + String(repeating: "#", count: 30),
            "an eighth of 20 rows is 2.5: 3 by their centres")
        #expect(lit(2) == String(repeating: "##" + String(repeating: ".", count: 8), count: 20), "a quarter of 10 columns: 2")
        let sextant = (0..<20).flatMap { y in (0..<10).map { x in (x < 5 && y < 7) ? "#" : "." } }.joined()
        #expect(lit(3) == sextant, "a third of 20 rows is 6.67: the pixels whose centres lie in it, 7")
    }

    @Test("a sixel picture covers the cells it was drawn over; text written there later replaces it cell by cell")
    func sixelUnderText() throws {
        // 20×40 pixels of green: two cells across, two down, at the top left.
        let sixel = "\u{1B}P0;1;0q\"1;1;20;40#1;2;0;100;0" + String(repeating: "!20~-", count: 7) + "\u{1B}\\"
        let image = Self.paint(sixel + "\u{1B}[1;2H\u{1B}[48;2;0;0;255m ")
        #expect(image[5, 10] == RGB(0, 255, 0) && image[5, 30] == RGB(0, 255, 0) && image[15, 30] == RGB(0, 255, 0))
        #expect(image[15, 10] == RGB(0, 0, 255), "the cell written over shows its own background")
        #expect(image[25, 10] == RGB(0, 0, 0), "outside the picture: the default background")
    }

    @Test("kitty: an RGB picture sent in chunks, zlib-compressed, placed over 2×1 cells from a source rectangle, then deleted")
    func kitty() throws {
        var pixels: [UInt8] = []
        for _ in 0..<8 {
            for x in 0..<8 { pixels += x < 4 ? [255, 0, 0] : [0, 0, 255] }
        }
        let payload = Array(Data(ZlibStream.compress(pixels, level: 6)).base64EncodedString().utf8)
        let half = payload.count / 2
        let send =
            "\u{1B}_Ga=t,f=24,o=z,s=8,v=8,i=7,q=2,m=1;" + String(decoding: payload[..<half], as: UTF8.self) + "\u{1B}\\" + "\u{1B}_Gm=0;"
            + String(decoding: payload[half...], as: UTF8.self) + "\u{1B}\\"
        let place = "\u{1B}[2;2H\u{1B}_Ga=p,i=7,x=4,y=0,w=4,h=8,c=2,r=1,C=1,q=2\u{1B}\\"
        let shown = Self.paint(send + place)
        #expect(shown[10, 20] == RGB(0, 0, 255) && shown[29, 39] == RGB(0, 0, 255), "the right half of the picture over 2 cells")
        #expect(shown[5, 25] == RGB(0, 0, 0) && shown[35, 25] == RGB(0, 0, 0))
        let deleted = Self.paint(send + place + "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
        #expect(deleted[10, 20] == RGB(0, 0, 0))
    }

    @Test("iTerm2: a PNG inline over 2×1 cells, its aspect kept inside them")
    func iterm() throws {
        var picture = RGBImage(width: 4, height: 4)
        for index in picture.pixels.indices where index % 3 == 1 { picture.pixels[index] = 255 }
        let png = try PNGEncoder.encode(picture, name: "green")
        let encoded: String = Data(png).base64EncodedString()
        let sequence: String = "\u{1B}]1337;File=inline=1;width=2;height=1;doNotMoveCursor=1:" + encoded + "\u{07}"
        let image = Self.paint(sequence)
        #expect(image[2, 2] == RGB(0, 255, 0) && image[18, 18] == RGB(0, 255, 0), "20×20: the square fits the height")
        #expect(image[25, 10] == RGB(0, 0, 0), "the rest of the 2 cells: nothing painted")
        // width=50% is half the screen's 4 columns, wherever the cursor is; not half what is left.
        let half: String =
            "\u{1B}[1;3H\u{1B}]1337;File=inline=1;width=50%;height=2;preserveAspectRatio=0;doNotMoveCursor=1:" + encoded + "\u{07}"
        let placed = Self.paint(half)
        #expect(placed[25, 30] == RGB(0, 255, 0) && placed[39, 39] == RGB(0, 255, 0), "columns 3 and 4, both rows")
        #expect(placed[15, 30] == RGB(0, 0, 0))
    }

    @Test("text from DejaVu Sans Mono: ink inside the cell, in the colours sent")
    func text() throws {
        try #require(Self.font != nil, "fonts-dejavu-core is installed by scripts/test")
        let image = Self.paint("\u{1B}[38;2;255;255;0;48;2;0;0;128mM")
        var inked = 0
        for y in 0..<20 {
            for x in 0..<10 where image[x, y].r > 200 && image[x, y].g > 200 && image[x, y].b < 60 { inked += 1 }
        }
        #expect(inked > 15 && inked < 120, "\(inked) pixels of ink")
        #expect(image[0, 0] == RGB(0, 0, 128))
    }
}
