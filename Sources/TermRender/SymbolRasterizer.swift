import PanoCore

/// Maps pixels to cells drawn with a `SymbolSet` finer than half blocks: for each cell, the
/// glyph and the two colours that best fit its sub-pixels, as chafa does. The two colours start
/// as the darkest and the brightest sub-pixel on the channel that varies most; each sub-pixel
/// goes to the nearer, and each colour becomes the mean of its sub-pixels, twice. The pattern of
/// sub-pixels then picks the glyph; every pattern has one.
public enum SymbolRasterizer {
    /// Pixels across one cell of the image `fill` reads.
    public static let pixelsPerColumn = 2
    /// Pixels down one cell of the image `fill` reads: square pixels, since a cell is about
    /// twice as tall as it is wide.
    public static let pixelsPerRow = 4

    /// Fills rows [firstRow, firstRow + image.height / 4) of `grid`, columns
    /// [0, min(image.width / 2, grid.columns)), from an image of 2×4 pixels per cell.
    public static func fill(_ grid: inout CellGrid, from image: RGBImage, symbols: SymbolSet, firstRow: Int = 0) {
        let rows = min(image.height / pixelsPerRow, grid.rows - firstRow)
        let columns = min(image.width / pixelsPerColumn, grid.columns)
        guard rows > 0, columns > 0 else { return }
        let weights = rowWeights(symbols)
        var subPixels = [SIMD3<Float>](repeating: .zero, count: symbols.count)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<rows {
                for column in 0..<columns {
                    for subRow in 0..<symbols.rows {
                        for subColumn in 0..<symbols.columns {
                            var sum = SIMD3<Float>.zero
                            for (fineRow, weight) in weights[subRow] {
                                let y = row * pixelsPerRow + fineRow
                                let x = column * pixelsPerColumn + subColumn
                                let at = (y * image.width + x) * 3
                                sum += weight * SIMD3(Float(pixels[at]), Float(pixels[at + 1]), Float(pixels[at + 2]))
                            }
                            subPixels[subRow * symbols.columns + subColumn] = sum
                        }
                    }
                    grid[column, firstRow + row] = fit(subPixels, symbols: symbols)
                }
            }
        }
    }

    /// For each sub-pixel row of the set, the image rows in a cell it covers and their weights
    /// (the share of the sub-pixel each covers).
    static func rowWeights(_ symbols: SymbolSet) -> [[(Int, Float)]] {
        switch symbols.rows {
        case 4: return (0..<4).map { [($0, 1)] }
        case 3: return [[(0, 0.75), (1, 0.25)], [(1, 0.5), (2, 0.5)], [(2, 0.25), (3, 0.75)]]
        default: return [[(0, 0.5), (1, 0.5)], [(2, 0.5), (3, 0.5)]]
        }
    }

    /// The cell that best shows `subPixels` (row by row, as the set numbers them) with one glyph
    /// of `symbols` and two colours.
    static func fit(_ subPixels: [SIMD3<Float>], symbols: SymbolSet) -> Cell {
        let count = subPixels.count
        var low = subPixels[0]
        var high = subPixels[0]
        for colour in subPixels.dropFirst() {
            low = pointwiseMin(low, colour)
            high = pointwiseMax(high, colour)
        }
        let spread = high - low
        let channel = spread.x >= spread.y && spread.x >= spread.z ? 0 : spread.y >= spread.z ? 1 : 2
        guard spread[channel] >= 1 else {
            let mean = subPixels.reduce(.zero, +) / Float(count)
            return Cell(glyph: " ", foreground: rgb(mean), background: rgb(mean))
        }
        var background = subPixels.min { $0[channel] < $1[channel] }!
        var foreground = subPixels.max { $0[channel] < $1[channel] }!
        var mask = 0
        for _ in 0..<2 {
            mask = 0
            var lit = SIMD3<Float>.zero
            var unlit = SIMD3<Float>.zero
            for (index, colour) in subPixels.enumerated() {
                let toForeground = colour - foreground
                let toBackground = colour - background
                if (toForeground * toForeground).sum() < (toBackground * toBackground).sum() {
                    mask |= 1 << index
                    lit += colour
                } else {
                    unlit += colour
                }
            }
            let litCount = mask.nonzeroBitCount
            guard litCount > 0, litCount < count else { break }
            foreground = lit / Float(litCount)
            background = unlit / Float(count - litCount)
        }
        guard mask != 0, mask != (1 << count) - 1 else {
            let mean = subPixels.reduce(.zero, +) / Float(count)
            return Cell(glyph: " ", foreground: rgb(mean), background: rgb(mean))
        }
        return Cell(glyph: symbols.glyph(for: mask), foreground: rgb(foreground), background: rgb(background))
    }

    @inline(__always)
    private static func rgb(_ colour: SIMD3<Float>) -> RGB {
        let clamped = colour.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255)).rounded(.toNearestOrAwayFromZero)
        return RGB(UInt8(clamped.x), UInt8(clamped.y), UInt8(clamped.z))
    }
}
