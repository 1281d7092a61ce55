import PanoCore

/// Dots drawn into braille cells (U+2800 plus a bit per dot, 2 across and 4 down), as MapSCII
/// draws its maps: lines by Bresenham, one colour per cell, the most important drawing wins.
package struct BrailleCanvas: Sendable {
    /// Size in cells, each >= 0; in dots twice as wide and four times as tall.
    package let columns: Int
    package let rows: Int
    /// Per cell: the dots set, and the colour and rank of the most important drawing in it.
    private var bits: [UInt8]
    private var colors: [RGB]
    private var ranks: [Int]

    package init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        bits = [UInt8](repeating: 0, count: self.columns * self.rows)
        colors = [RGB](repeating: .white, count: self.columns * self.rows)
        ranks = [Int](repeating: -1, count: self.columns * self.rows)
    }

    /// Width and height in dots.
    package var dotWidth: Int { columns * 2 }
    package var dotHeight: Int { rows * 4 }

    /// The bit of each dot in a cell, by (x, y) within it (the Unicode braille order).
    private static let dotBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Sets the dot at (`x`, `y`) (outside the canvas: nothing), in `color` when `rank` is at
    /// least that of what the cell holds.
    package mutating func set(_ x: Int, _ y: Int, color: RGB, rank: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cell = (y / 4) * columns + x / 2
        bits[cell] |= Self.dotBits[x % 2][y % 4]
        if rank >= ranks[cell] {
            ranks[cell] = rank
            colors[cell] = color
        }
    }

    /// A line of dots from one dot to another (Bresenham), clipped to the canvas.
    package mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), color: RGB, rank: Int) {
        let (dx, dy) = (abs(end.x - start.x), -abs(end.y - start.y))
        let (stepX, stepY) = (start.x < end.x ? 1 : -1, start.y < end.y ? 1 : -1)
        var (x, y, error) = (start.x, start.y, dx + dy)
        // Far outside the canvas a line is not worth walking dot by dot.
        guard max(dx, -dy) <= 4 * (dotWidth + dotHeight) else { return }
        while true {
            set(x, y, color: color, rank: rank)
            if x == end.x && y == end.y { return }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }

    /// The cell at `column`, `row` as drawn: its braille glyph and colour, nil when no dot is set.
    package func cell(_ column: Int, _ row: Int) -> (glyph: Unicode.Scalar, color: RGB, rank: Int)? {
        let index = row * columns + column
        guard bits[index] != 0 else { return nil }
        return (Unicode.Scalar(0x2800 + UInt32(bits[index]))!, colors[index], ranks[index])
    }
}
