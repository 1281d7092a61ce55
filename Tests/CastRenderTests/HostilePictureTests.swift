import CastRender
import Foundation
import PanoCore
import PanoImage
import Testing
import VirtualTerminal

/// Pictures whose numbers a recording chose to break the painter: drawn within the screen,
/// never a trap.
@Suite("Pictures with hostile numbers")
struct HostilePictureTests {
    static let extremes = ["9223372036854775807", "9223372036854775806", "-9223372036854775808", "99999999999999999999999", "4294967296"]

    /// A 2×2 RGB kitty image, id 3, sent and then placed with `keys`.
    static func kittyPlaced(_ keys: String) -> String {
        let payload = Data([UInt8](repeating: 200, count: 12)).base64EncodedString()
        return "\u{1B}_Ga=t,f=24,s=2,v=2,i=3,q=2;\(payload)\u{1B}\\\u{1B}[1;1H\u{1B}_Ga=p,i=3,\(keys),q=2\u{1B}\\"
    }

    @Test("kitty placements with cells, offsets, source rectangles, ids and z as large as can be written", arguments: extremes)
    func kittyNumbers(number: String) {
        for keys in [
            "c=\(number),r=\(number)", "X=\(number),Y=\(number)", "c=1,r=1,X=\(number)", "x=\(number),w=\(number),h=\(number)",
            "z=\(number)", "p=\(number)", "c=\(number),r=1,X=\(number),Y=\(number),z=\(number)"
        ] {
            let image = PainterTests.paint(Self.kittyPlaced(keys))
            #expect(image.width == 40 && image.height == 40, "\(keys)")
        }
    }

    @Test("iTerm2 widths and heights in cells, pixels and percent as large as can be written", arguments: extremes)
    func itermNumbers(number: String) throws {
        let png = Data(try PNGEncoder.encode(RGBImage(width: 4, height: 4), name: "black")).base64EncodedString()
        for size in ["width=\(number)px;height=\(number)px", "width=\(number)%;height=\(number)%", "width=\(number);height=2"] {
            let image = PainterTests.paint("\u{1B}]1337;File=inline=1;\(size);doNotMoveCursor=1:\(png)\u{07}")
            #expect(image.width == 40 && image.height == 40, "\(size)")
        }
    }

    @Test("a number read from outside is held to its range, however many digits it has")
    func clampedNumbers() {
        #expect(Int(decimal: "9223372036854775807", clampedTo: 0...65_535) == 65_535)
        #expect(Int(decimal: "-99999999999999999999", clampedTo: -5...5) == -5)
        #expect(Int(decimal: "+12", clampedTo: 0...100) == 12)
        #expect(Int(decimal: "12px", clampedTo: 0...100) == nil)
        #expect(Int(decimal: "-", clampedTo: 0...100) == nil)
    }
}

/// Pictures in numbers and sizes made to exhaust memory: what the store keeps stays within its
/// budget whatever comes, the newest picture shown.
@Suite("Pictures within the memory budget")
struct PictureBudgetTests {
    /// A screen of `columns`×`rows` whose store has a cell of `cell` pixels, fed `pieces` one by one.
    static func fed(_ pieces: [String], columns: Int = 20, rows: Int = 6, cell: (Int, Int) = (10, 20)) -> (VirtualScreen, [Int]) {
        var screen = VirtualScreen(columns: columns, rows: rows)
        screen.pictures = PictureStore(cell: cell)
        var kept: [Int] = []
        for piece in pieces {
            screen.feed(Array(piece.utf8))
            kept.append((screen.pictures as! PictureStore).bytes)
        }
        return (screen, kept)
    }

    @Test("sixels declaring 4096×4096 on a small screen keep only the pixels the screen can show")
    func sixelsCutToTheScreen() {
        let sixel = "\u{1B}P0;0;0q\"1;1;4096;4096#1;2;100;0;0!4096~\u{1B}\\"
        let (screen, kept) = Self.fed(Array(repeating: "\u{1B}[2;3H" + sixel, count: 40))
        // 18 columns × 5 rows of 10×20 pixels from the cursor: 180×100 pixels of 3 bytes (every
        // pixel painted: the background is drawn). It then scrolls the screen, as a VT340's would.
        #expect(kept.first == 180 * 100 * 3 && kept.last == 40 * 180 * 100 * 3, "\(kept)")
        #expect(screen.cursor.row == 5)
    }

    @Test("kitty images of 4096×4096 under forty ids, and iTerm2 pictures over 400×200 cells of 200 pixels, stay within the budget")
    func manyLargePictures() throws {
        let png = Data(try PNGEncoder.encode(RGBImage(width: 4096, height: 4096), name: "black")).base64EncodedString()
        let kitty = (1...40).map { "\u{1B}_Ga=T,f=100,i=\($0),q=2;\(png)\u{1B}\\" }
        let (_, keptKitty) = Self.fed(kitty)
        #expect(keptKitty.allSatisfy { $0 <= PictureStore.budget }, "\(keptKitty.max() ?? 0) bytes")
        #expect(keptKitty.last ?? 0 >= 4096 * 4096 * 3, "the newest image is kept")
        let small = Data(try PNGEncoder.encode(RGBImage(width: 4, height: 4), name: "black")).base64EncodedString()
        let iterm = (1...20).map {
            "\u{1B}[\($0 % 100 + 1);\($0 % 300 + 1)H\u{1B}]1337;File=inline=1;width=400;height=200;doNotMoveCursor=1:\(small)\u{07}"
        }
        let (screen, keptITerm) = Self.fed(iterm, columns: 400, rows: 200, cell: (200, 200))
        #expect(keptITerm.allSatisfy { $0 <= PictureStore.budget }, "\(keptITerm.max() ?? 0) bytes")
        #expect(screen[25, 25].picture != nil, "the newest picture is shown")
    }
}
