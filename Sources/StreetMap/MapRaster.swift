import BitmapFont
import PanoCore
import TermRender

/// A drawn map's cells as pixels, for `sidewalk snapshot --map` to a PNG: each cell 8×16
/// pixels in its background, braille dots as 3×3 squares, `●` a disc, `◆` a diamond, `╋` a
/// cross, and letters in the 5×7 bitmap font (capitals).
package enum MapRaster {
    package static let cellWidth = 8
    package static let cellHeight = 16

    package static func image(of grid: CellGrid) -> RGBImage {
        var image = RGBImage(width: grid.columns * cellWidth, height: grid.rows * cellHeight)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                paint(grid[column, row], into: &image, left: column * cellWidth, top: row * cellHeight)
            }
        }
        return image
    }

    private static func paint(_ cell: Cell, into image: inout RGBImage, left: Int, top: Int) {
        for y in 0..<cellHeight { for x in 0..<cellWidth { image[left + x, top + y] = cell.background } }
        let ink = cell.foreground
        func fill(_ inside: (Int, Int) -> Bool) {
            for y in 0..<cellHeight { for x in 0..<cellWidth where inside(x, y) { image[left + x, top + y] = ink } }
        }
        switch cell.glyph.value {
        case 0x2801...0x28FF:
            let bits = cell.glyph.value - 0x2800
            // Unicode's dot order: 1 2 3 down the left, 4 5 6 down the right, then 7 and 8 below.
            let dots = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)]
            for (bit, (dx, dy)) in dots.enumerated() where bits & (1 << UInt32(bit)) != 0 {
                fill { x, y in (dx * 4 + 1..<dx * 4 + 4).contains(x) && (dy * 4 + 1..<dy * 4 + 4).contains(y) }
            }
        case MapPicture.youGlyph.value: fill { x, y in (x - 4) * (x - 4) * 4 + (y - 8) * (y - 8) <= 64 }
        case MapPicture.markerGlyph.value: fill { x, y in abs(x - 4) * 2 + abs(y - 8) <= 8 }
        case MapPicture.cursorGlyph.value: fill { x, y in (3...4).contains(x) || (7...8).contains(y) }
        default:
            let character = Character(String(cell.glyph).uppercased())
            fill { x, y in
                (1..<(1 + BitmapFont.glyphWidth)).contains(x) && (4..<(4 + BitmapFont.glyphHeight)).contains(y)
                    && BitmapFont.ink(character, column: x - 1, row: y - 4)
            }
        }
    }
}
