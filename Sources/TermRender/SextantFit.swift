import PanoCore

/// The best two-colour cell of sextants and the quadrant and half blocks beside them. A sextant
/// row is a third of the cell and a quadrant or half block's a half, so neither set's shapes are
/// made of the other's; both are made of eight regions, two columns by four bands a third, a
/// sixth, a sixth and a third of the cell high. Every shape of either set is tried by the
/// squared error it leaves over those regions, each weighted by its height, which is the error
/// over the cell's pixels when each region is uniform. Every terminal with sextants has the
/// block elements, which are older (Unicode 1.0 against 13).
enum SextantFit {
    /// Each band's height, twelfths of a cell: 4, 2, 2, 4.
    static let bandHeights: [Float] = [4, 2, 2, 4]

    /// A shape: its regions (bit `band · 2 + column`) and the glyph that draws them lit.
    struct Shape {
        let regions: Int
        let glyph: Unicode.Scalar
    }

    /// Every sextant and quadrant shape but the empty and full ones, each once, with its glyph.
    static let shapes: [Shape] = {
        var seen = Set<Int>()
        var shapes: [Shape] = []
        func add(_ regions: Int, _ glyph: Unicode.Scalar) {
            guard regions != 0, regions != 255, seen.insert(regions).inserted else { return }
            shapes.append(Shape(regions: regions, glyph: glyph))
        }
        for set in SymbolSet.sextant.fittedWith {
            // The bands each of the set's rows covers: thirds, or halves.
            let rowBands = set.rows == 3 ? [[0], [1, 2], [3]] : [[0, 1], [2, 3]]
            for mask in 0..<(1 << set.count) { add(regions(of: mask, rowBands: rowBands), set.glyph(for: mask)) }
        }
        return shapes
    }()

    /// The regions a 2-wide pattern covers, its rows made of `rowBands`.
    static func regions(of mask: Int, rowBands: [[Int]]) -> Int {
        var regions = 0
        for (row, bands) in rowBands.enumerated() {
            for column in 0..<2 where mask & (1 << (row * 2 + column)) != 0 {
                for band in bands { regions |= 1 << (band * 2 + column) }
            }
        }
        return regions
    }

    /// Each region set's height, twelfths of a column summed over its regions.
    static let sizes: [Float] = (0..<256).map { (regions: Int) -> Float in
        var size: Float = 0
        for region in 0..<8 where regions & (1 << region) != 0 { size += bandHeights[region / 2] }
        return size
    }

    /// The cell that best shows `sums`, each region's colour times its height (bit order as in
    /// `Shape`). `litSums` is scratch space of 256 entries, kept between cells.
    static func fit(_ sums: [SIMD3<Float>], litSums: inout [SIMD3<Float>]) -> Cell {
        let total = sums.reduce(.zero, +)
        litSums[0] = .zero
        for regions in 1..<256 {
            litSums[regions] = litSums[regions & (regions - 1)] + sums[regions.trailingZeroBitCount]
        }
        let whole = sizes[255]
        var best = (score: (total * total).sum() / whole, shape: -1)
        for (index, shape) in shapes.enumerated() {
            let (lit, size) = (litSums[shape.regions], sizes[shape.regions])
            let unlit = total - lit
            let score = (lit * lit).sum() / size + (unlit * unlit).sum() / (whole - size)
            if score > best.score + 1e-3 { best = (score, index) }
        }
        guard best.shape >= 0 else {
            let mean = SymbolRasterizer.rgb(total / whole)
            return Cell(glyph: " ", foreground: mean, background: mean)
        }
        let shape = shapes[best.shape]
        let size = sizes[shape.regions]
        let foreground = litSums[shape.regions] / size
        let background = (total - litSums[shape.regions]) / (whole - size)
        return Cell(glyph: shape.glyph, foreground: SymbolRasterizer.rgb(foreground), background: SymbolRasterizer.rgb(background))
    }
}
