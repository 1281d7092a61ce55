import CastRender
import Foundation
import PanoCore
import PanoImage
import TerminalModel
import Testing

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
