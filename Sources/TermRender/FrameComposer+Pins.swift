import PanoCore

/// Pins: a marker's disc drawn at its direction, in half blocks or in the view's pixels.
extension FrameComposer {
    /// Paints a disc of view pixels centred on (x, y) (half-block pixels from the view's
    /// top-left), in the cells under it, which become half blocks; cells showing text are left alone.
    mutating func drawPin(x: Double, y: Double, radius: Double, top: Int, viewRows: Int, color: RGB) {
        if viewImage != nil {
            paintPinIntoPixels(x: x, y: y, radius: radius, viewRows: viewRows, color: color)
            return
        }
        let (firstRow, lastRow) = (max(0, Int((y - radius).rounded(.down))), min(viewRows * 2 - 1, Int((y + radius).rounded(.up))))
        let (firstColumn, lastColumn) = (max(0, Int((x - radius).rounded(.down))), min(grid.columns - 1, Int((x + radius).rounded(.up))))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        for py in firstRow...lastRow {
            for px in firstColumn...lastColumn {
                let dx = Double(px) + 0.5 - x
                let dy = Double(py) + 0.5 - y
                guard dx * dx + dy * dy <= radius * radius else { continue }
                let row = top + py / 2
                guard var halves = grid[px, row].halves ?? SymbolSet.halvesOfAnySymbol(grid[px, row]) else { continue }
                if py % 2 == 0 { halves.top = color } else { halves.bottom = color }
                grid[px, row] = Cell(glyph: Cell.upperHalfBlock, foreground: halves.top, background: halves.bottom)
            }
        }
    }

    /// The pin of `drawPin` painted into the view's pixels (pixel graphics), scaled from
    /// half-block pixels to the image's.
    private mutating func paintPinIntoPixels(x: Double, y: Double, radius: Double, viewRows: Int, color: RGB) {
        guard var image = viewImage, grid.columns > 0, viewRows > 0 else { return }
        let scaleX = Double(image.width) / Double(grid.columns)
        let scaleY = Double(image.height) / Double(viewRows * 2)
        let (cx, cy, r) = (x * scaleX, y * scaleY, radius * scaleX)
        let (firstRow, lastRow) = (max(0, Int(cy - r)), min(image.height - 1, Int(cy + r)))
        let (firstColumn, lastColumn) = (max(0, Int(cx - r)), min(image.width - 1, Int(cx + r)))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        viewImage = nil  // keep the pixels uniquely referenced while they are painted
        for py in firstRow...lastRow {
            for px in firstColumn...lastColumn {
                let (dx, dy) = (Double(px) + 0.5 - cx, Double(py) + 0.5 - cy)
                if dx * dx + dy * dy <= r * r { image[px, py] = color }
            }
        }
        viewImage = image
    }
}
