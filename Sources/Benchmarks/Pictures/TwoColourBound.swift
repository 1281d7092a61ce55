import PanoCore
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// The closest a picture of two colours a cell, drawn with a set's glyphs, can come to a view:
/// each cell of the view (at 6×12 pixels a cell, as `CellPicture` paints) fitted with every shape
/// the set's picture draws (`SymbolSet.fittedWith`), each side in the mean colour of the pixels
/// it covers, which leaves the least squared error for that shape. Whoever draws the cells, with
/// whatever fitting, cannot score above it; its colours are not rounded to whole levels.
package enum TwoColourBound {
    /// Pixel rows of a cell at which some set's sub-pixel rows meet (halves, thirds, quarters):
    /// the bands every shape is made of, with the cell's two half-columns.
    static let bandEdges = [0, 3, 4, 6, 8, 9, 12]

    /// The PSNR of the best two-colour picture of `reference` with `symbols`, dB.
    package static func psnr(_ reference: RGBImage, symbols: SymbolSet) -> Double {
        let (cellWidth, cellHeight) = (CellPicture.pixelsPerColumn, CellPicture.pixelsPerRow)
        let (columns, rows) = (reference.width / cellWidth, reference.height / cellHeight)
        let shapes = self.shapes(symbols)
        let sizes = (0..<(1 << 12)).map { (regions: Int) -> Int in
            var size = 0
            for region in 0..<12 where regions & (1 << region) != 0 { size += regionSize(region) }
            return size
        }
        var error = 0.0
        for row in 0..<rows {
            for column in 0..<columns {
                var sums = [SIMD3<Double>](repeating: .zero, count: 12)
                var squares = 0.0
                for y in 0..<cellHeight {
                    let band = bandEdges.lastIndex { $0 <= y }!
                    for x in 0..<cellWidth {
                        let pixel = reference[column * cellWidth + x, row * cellHeight + y]
                        let colour = SIMD3(Double(pixel.r), Double(pixel.g), Double(pixel.b))
                        sums[band * 2 + (x < cellWidth / 2 ? 0 : 1)] += colour
                        squares += (colour * colour).sum()
                    }
                }
                let total = sums.reduce(.zero, +)
                let whole = Double(cellWidth * cellHeight)
                var kept = (total * total).sum() / whole
                for shape in shapes {
                    var lit = SIMD3<Double>.zero
                    for region in 0..<12 where shape & (1 << region) != 0 { lit += sums[region] }
                    let size = Double(sizes[shape])
                    let unlit = total - lit
                    kept = max(kept, (lit * lit).sum() / size + (unlit * unlit).sum() / (whole - size))
                }
                error += squares - kept
            }
        }
        let meanSquare = error / Double(columns * rows * cellWidth * cellHeight * 3)
        return meanSquare <= 0 ? .infinity : 10 * log10(255 * 255 / meanSquare)
    }

    /// Pixels in region `region` (bit `band · 2 + half-column`) of a cell.
    static func regionSize(_ region: Int) -> Int {
        (bandEdges[region / 2 + 1] - bandEdges[region / 2]) * CellPicture.pixelsPerColumn / 2
    }

    /// Every shape `symbols`' picture draws but the empty and the full cell, as regions.
    static func shapes(_ symbols: SymbolSet) -> [Int] {
        var shapes = Set<Int>()
        for set in symbols.fittedWith {
            for mask in 1..<((1 << set.count) - 1) {
                var regions = 0
                for band in 0..<(bandEdges.count - 1) {
                    // The set's sub-pixel row holding the band, by `CellPicture`'s rule.
                    let subRow = bandEdges[band] * set.rows / CellPicture.pixelsPerRow
                    for half in 0..<2 where mask & (1 << (subRow * set.columns + half * set.columns / 2)) != 0 {
                        regions |= 1 << (band * 2 + half)
                    }
                }
                shapes.insert(regions)
            }
        }
        return shapes.sorted()
    }
}
