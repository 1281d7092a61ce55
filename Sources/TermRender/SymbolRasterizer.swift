import PanoCore

/// Maps pixels to cells drawn with a `SymbolSet` finer than half blocks: for each cell, the
/// glyph and the two colours that best fit its sub-pixels. Every split of the sub-pixels into two
/// groups is tried (16 for quadrants, 256 for octants; every pattern has a glyph), each group
/// drawn in its mean colour, and the split with the least squared error is kept: the best
/// two-colour fit there is, where chafa searches a few candidate splits. Sextants also try the
/// quadrant and half blocks, whose rows they cannot make (`SextantFit`).
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
        guard symbols != .sextant else { return fillSextants(&grid, from: image, rows: rows, columns: columns, firstRow: firstRow) }
        let weights = rowWeights(symbols)
        var subPixels = [SIMD3<Float>](repeating: .zero, count: symbols.count)
        var litSums = [SIMD3<Float>](repeating: .zero, count: 1 << symbols.count)
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
                    grid[column, firstRow + row] = fit(subPixels, symbols: symbols, litSums: &litSums)
                }
            }
        }
    }

    /// `fill` for sextants (`SextantFit`): each cell's eight regions from its 2×4 pixels, each
    /// pixel a quarter of the cell high, so a region a sixth high is two thirds of one.
    private static func fillSextants(_ grid: inout CellGrid, from image: RGBImage, rows: Int, columns: Int, firstRow: Int) {
        let bandWeights: [[(Int, Float)]] = [[(0, 3), (1, 1)], [(1, 2)], [(2, 2)], [(2, 1), (3, 3)]]
        var sums = [SIMD3<Float>](repeating: .zero, count: 8)
        var litSums = [SIMD3<Float>](repeating: .zero, count: 256)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<rows {
                for column in 0..<columns {
                    for (band, weights) in bandWeights.enumerated() {
                        for subColumn in 0..<2 {
                            var sum = SIMD3<Float>.zero
                            for (fineRow, weight) in weights {
                                let at = ((row * pixelsPerRow + fineRow) * image.width + column * pixelsPerColumn + subColumn) * 3
                                sum += weight * SIMD3(Float(pixels[at]), Float(pixels[at + 1]), Float(pixels[at + 2]))
                            }
                            sums[band * 2 + subColumn] = sum
                        }
                    }
                    grid[column, firstRow + row] = SextantFit.fit(sums, litSums: &litSums)
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
    /// of `symbols` and two colours: of every split into lit and unlit sub-pixels, the one whose
    /// groups' means leave the least squared error. That error is the sub-pixels' sum of squares
    /// less |lit sum|²/lit count and |unlit sum|²/unlit count, so the search keeps the split with
    /// the largest sum of those two; each mask's lit sum is its mask less the lowest bit's, plus
    /// that sub-pixel. `litSums` is scratch space of 2^count entries, kept between cells.
    static func fit(_ subPixels: [SIMD3<Float>], symbols: SymbolSet, litSums: inout [SIMD3<Float>]) -> Cell {
        let count = subPixels.count
        let total = subPixels.reduce(.zero, +)
        let masks = 1 << count
        litSums[0] = .zero
        var best = (score: (total * total).sum() / Float(count), mask: 0)
        for mask in 1..<(masks - 1) {
            let lowest = mask.trailingZeroBitCount
            litSums[mask] = litSums[mask & (mask - 1)] + subPixels[lowest]
            let litCount = Float(mask.nonzeroBitCount)
            let (lit, unlit) = (litSums[mask], total - litSums[mask])
            let score = (lit * lit).sum() / litCount + (unlit * unlit).sum() / (Float(count) - litCount)
            if score > best.score + 1e-3 { best = (score, mask) }
        }
        guard best.mask != 0 else {
            let mean = total / Float(count)
            return Cell(glyph: " ", foreground: rgb(mean), background: rgb(mean))
        }
        let litCount = Float(best.mask.nonzeroBitCount)
        let foreground = litSums[best.mask] / litCount
        let background = (total - litSums[best.mask]) / (Float(count) - litCount)
        return Cell(glyph: symbols.glyph(for: best.mask), foreground: rgb(foreground), background: rgb(background))
    }

    @inline(__always)
    static func rgb(_ colour: SIMD3<Float>) -> RGB {
        let clamped = colour.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255)).rounded(.toNearestOrAwayFromZero)
        return RGB(UInt8(clamped.x), UInt8(clamped.y), UInt8(clamped.z))
    }
}
