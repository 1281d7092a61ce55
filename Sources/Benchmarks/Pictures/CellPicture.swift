import PanoCore
import TermRender

/// What cells look like as pixels, for measuring how close a frame is to the view it shows: each
/// cell becomes 6×12 pixels (every set's sub-pixels are whole blocks of them), half blocks and
/// block symbols painted by their patterns, any other glyph as its background.
package enum CellPicture {
    /// Pixels across one cell.
    package static let pixelsPerColumn = 6
    /// Pixels down one cell.
    package static let pixelsPerRow = 12

    /// The pixels of rows [firstRow, firstRow + rows) of `grid`.
    package static func render(_ grid: CellGrid, firstRow: Int = 0, rows: Int? = nil) -> RGBImage {
        let count = min(rows ?? grid.rows - firstRow, grid.rows - firstRow)
        var image = RGBImage(width: grid.columns * pixelsPerColumn, height: max(count, 0) * pixelsPerRow)
        for row in 0..<max(count, 0) {
            for column in 0..<grid.columns {
                let cell = grid[column, firstRow + row]
                let (set, mask) = pattern(of: cell)
                for y in 0..<pixelsPerRow {
                    for x in 0..<pixelsPerColumn {
                        let bit = (y * set.rows / pixelsPerRow) * set.columns + x * set.columns / pixelsPerColumn
                        let colour = mask & (1 << bit) != 0 ? cell.foreground : cell.background
                        let at = ((row * pixelsPerRow + y) * image.width + column * pixelsPerColumn + x) * 3
                        image.pixels[at] = colour.r
                        image.pixels[at + 1] = colour.g
                        image.pixels[at + 2] = colour.b
                    }
                }
            }
        }
        return image
    }

    /// The set and pattern a cell's glyph draws; other glyphs are their background alone.
    private static func pattern(of cell: Cell) -> (SymbolSet, Int) {
        for set in SymbolSet.allCases {
            if let mask = set.mask(of: cell.glyph) { return (set, mask) }
        }
        return (.half, 0)
    }
}
