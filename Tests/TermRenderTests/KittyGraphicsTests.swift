import Foundation
import PanoCore
import TermRender
import TestSupport
import Testing
import VirtualTerminal

@Suite("Pixels through the kitty graphics protocol")
struct KittyGraphicsTests {
    @Test("a picture goes in chunks of at most 4096 base64 bytes, the first with the keys, all but the last with m=1, and decodes back")
    func chunks() throws {
        let png = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let bytes = String(
            decoding: KittyGraphics.place(.png(png), size: PixelSize(width: 800, height: 400), row: 2, column: 0, columns: 80, rows: 20),
            as: UTF8.self)
        #expect(bytes.hasPrefix("\u{1B}[3;1H\u{1B}_G"), "the cursor at the view's corner, then the picture")
        var sequences = bytes.components(separatedBy: "\u{1B}_G").dropFirst().map { $0.components(separatedBy: "\u{1B}\\")[0] }
        #expect(sequences.last == "a=d,d=I,i=2,q=2", "the picture before it (the other id) deleted only after it")
        sequences.removeLast()
        #expect(sequences.count == 4)
        #expect(sequences[0].hasPrefix("a=T,f=100,t=d,i=1,q=2,C=1,c=80,r=20,m=1;"))
        #expect(sequences.dropFirst().dropLast().allSatisfy { $0.hasPrefix("m=1;") } && sequences.last!.hasPrefix("m=0;"))
        let payloads = sequences.map { $0.components(separatedBy: ";")[1] }
        #expect(payloads.allSatisfy { $0.utf8.count <= 4096 })
        #expect(Data(base64Encoded: payloads.joined()).map { [UInt8]($0) } == png)
    }

    /// kitty shows an image once all its chunks have come: deleting the old one first left the
    /// view black while a large new one arrived (in kitty 0.26.5 under Xvfb, a frame each walk).
    @Test("frames take ids 1 and 2 in turn, each deleting the other after its own data; the way out deletes both")
    func replacedWithoutAGap() {
        #expect(KittyGraphics.next(after: 1) == 2 && KittyGraphics.next(after: 2) == 1)
        let second = String(
            decoding: KittyGraphics.place(
                .png([1, 2, 3]), size: PixelSize(width: 8, height: 8), id: 2, row: 0, column: 0, columns: 8, rows: 4), as: UTF8.self)
        #expect(second.contains("a=T,f=100,t=d,i=2,") && second.hasSuffix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"))
        #expect(!second.prefix(while: { $0 != "T" }).contains("a=d"), "nothing deleted before the new picture")
        #expect(String(decoding: KittyGraphics.delete, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\")
    }

    /// kitty 0.26.5 (Debian 12's) draws every cell background in wrong colours, with stale
    /// letters, once any image lies under the text; the picture goes over the text, around the labels.
    @Test("the pieces leave every labelled cell free and cover every see-through one, rows alike joined")
    func piecesAroundLabels() {
        let label = Cell(glyph: "A", foreground: .white, background: RGB(0, 0, 80))
        var grid = CellGrid(columns: 6, rows: 4, filling: .seeThrough)
        grid[1, 1] = label
        grid[2, 1] = label
        grid[5, 3] = label
        let pieces = KittyGraphics.pieces(around: grid.cells[...], columns: 6, rows: 4)
        #expect(
            pieces == [
                .init(column: 0, row: 0, columns: 6, rows: 1),
                .init(column: 0, row: 1, columns: 1, rows: 1), .init(column: 3, row: 1, columns: 3, rows: 1),
                .init(column: 0, row: 2, columns: 6, rows: 1),
                .init(column: 0, row: 3, columns: 5, rows: 1)
            ])
        #expect(
            KittyGraphics.pieces(around: CellGrid(columns: 3, rows: 5, filling: .seeThrough).cells[...], columns: 3, rows: 5)
                == [.init(column: 0, row: 0, columns: 3, rows: 5)])
        #expect(KittyGraphics.pieces(around: CellGrid(columns: 2, rows: 2, filling: label).cells[...], columns: 2, rows: 2).isEmpty)
    }

    @Test("in pieces the picture is sent once, then each piece placed from its share of the pixels, over the text")
    func placedInPieces() {
        let pieces = [KittyGraphics.Piece(column: 0, row: 0, columns: 8, rows: 1), .init(column: 3, row: 1, columns: 5, rows: 3)]
        let bytes = String(
            decoding: KittyGraphics.place(
                .png([1, 2, 3]), size: PixelSize(width: 80, height: 80), id: 1, row: 2, column: 0,
                columns: 8, rows: 4, pieces: pieces), as: UTF8.self)
        #expect(bytes.hasPrefix("\u{1B}[3;1H\u{1B}_Ga=t,f=100,t=d,i=1,q=2,m=0;"))
        #expect(bytes.contains("\u{1B}[3;1H\u{1B}_Ga=p,i=1,p=1,x=0,y=0,w=80,h=20,c=8,r=1,C=1,q=2\u{1B}\\"))
        #expect(bytes.contains("\u{1B}[4;4H\u{1B}_Ga=p,i=1,p=2,x=30,y=20,w=50,h=60,c=5,r=3,C=1,q=2\u{1B}\\"))
        #expect(!bytes.contains("z="), "over the text (z-index 0), never under it")
        #expect(bytes.hasSuffix("\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\"))
    }

    @Test("zlib-compressed RGB says so, with the picture's size in pixels")
    func zlibRGB() {
        let bytes = String(
            decoding: KittyGraphics.place(
                .zlibRGB([1, 2, 3], width: 160, height: 90), size: PixelSize(width: 160, height: 90), row: 0, column: 0, columns: 16,
                rows: 4),
            as: UTF8.self)
        #expect(bytes.contains("a=T,f=24,o=z,s=160,v=90,t=d,i=1,q=2,C=1,c=16,r=4,"))
    }

    @Test("cells the picture shows through are spaces on the default background, sent once, and the next colour is sent again")
    func seeThroughCells() {
        var grid = CellGrid(columns: 4, rows: 1, filling: .seeThrough)
        grid[3, 0] = Cell(glyph: "x", foreground: .white, background: RGB(10, 20, 30))
        var encoder = FrameEncoder(colorMode: .truecolor)
        var bytes: [UInt8] = []
        encoder.encode(grid, into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\u{1B}[49m   ") && text.contains("48;2;10;20;30"))
        var terminal = VirtualScreen(columns: 4, rows: 1)
        terminal.feed(bytes)
        #expect((0..<3).allSatisfy { terminal[$0, 0].glyph == " " && terminal[$0, 0].background == nil })
        encoder.encode(grid, into: &bytes)
        #expect(bytes.isEmpty, "nothing changed, nothing sent")
    }

    @Test("in pixel mode the view's cells are left for the picture, and a marker's pin is painted into the pixels")
    func pinsInPixels() {
        var composer = FrameComposer()
        composer.pixelsPerCell = (width: 4, height: 8)
        let panorama = SyntheticPanorama.cardinal(width: 256)
        let camera = PanoramaCamera(heading: 0)
        var grid = composer.compose(panorama: panorama, camera: camera, columns: 40, rows: 12, statusLeft: "", statusRight: "")
        #expect(grid[20, 5].glyph == Cell.seeThroughGlyph)
        let before = composer.viewImage
        #expect(before?.width == 160 && before?.height == 88)
        let pin = FrameComposer.Overlay(label: "Café", direction: Orientation(heading: 0, pitch: 0), hintWhenOutOfView: false, pinRadius: 3)
        grid = composer.drawOverlays([pin], camera: camera, header: false)
        let image = composer.viewImage
        #expect(image?[80, 44] == composer.colors.pin, "the pin's centre, the view's centre")
        #expect(before?[80, 44] != composer.colors.pin)
        #expect(grid.cells.contains { $0.glyph == "C" }, "the label is text over the picture")
    }
}

@Suite("Base64")
struct Base64Tests {
    @Test(
        "RFC 4648's test vectors, and every byte value, as Foundation encodes them",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")
        ])
    func vectors(plain: String, encoded: String) {
        #expect(String(decoding: Base64.encode(Array(plain.utf8)), as: UTF8.self) == encoded)
    }

    @Test("every byte value in every position of a group")
    func allBytes() {
        let bytes = (0..<770).map { UInt8(truncatingIfNeeded: $0 * 7) }
        #expect(String(decoding: Base64.encode(bytes), as: UTF8.self) == Data(bytes).base64EncodedString())
    }

    @Test(
        "a large payload encoded in pieces, one per worker, is the same as encoded whole, at any length",
        arguments: [1 << 18, (1 << 18) + 1, (1 << 18) + 2, 1_000_003])
    func inPieces(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) }
        #expect(Base64.encode(bytes, runner: PretendWorkers(width: 3)) == Array(Data(bytes).base64EncodedString().utf8))
    }
}
