import PanoCore

/// Maps pixels to half-block cells: cell (c, r) shows pixel (c, 2r) as its foreground (the
/// upper half, `▀`) and pixel (c, 2r + 1) as its background.
public enum HalfBlockRasterizer {
    /// Fills rows [firstRow, firstRow + image.height / 2) of `grid`, columns
    /// [0, min(image.width, grid.columns)).
    public static func fill(_ grid: inout CellGrid, from image: RGBImage, firstRow: Int = 0) {
        let rows = min(image.height / 2, grid.rows - firstRow)
        let columns = min(image.width, grid.columns)
        let gridColumns = grid.columns
        let imageWidth = image.width
        image.pixels.withUnsafeBufferPointer { pixels in
            grid.cells.withUnsafeMutableBufferPointer { cells in
                for row in 0..<rows {
                    let top = 2 * row * imageWidth * 3
                    let bottom = top + imageWidth * 3
                    for column in 0..<columns {
                        let t = top + column * 3
                        let b = bottom + column * 3
                        cells[(firstRow + row) * gridColumns + column] = Cell(
                            glyph: Cell.upperHalfBlock,
                            foreground: RGB(pixels[t], pixels[t + 1], pixels[t + 2]),
                            background: RGB(pixels[b], pixels[b + 1], pixels[b + 2])
                        )
                    }
                }
            }
        }
    }
}
