import PanoCore

/// The 256-colour picture while the camera moves: each colour drawn as the two palette entries
/// whose mean light is nearest to it (in Oklab), laid as a checkerboard anchored to the screen,
/// so a muted green between the cube's levels stays green where the nearest entry is grey. The
/// finest pattern there is, fixed to the screen, does not crawl as the view turns; in a flat area
/// every cell holds the same two colours (each cell's halves the other way round from its
/// neighbour's, which `▄` draws with the same pen), so a run costs no more colour changes than the
/// nearest entry's. A colour the palette holds, or one no pair is much nearer to, is drawn as one
/// entry.
enum PairDither {
    /// For each 8×8×8 block of colours (indexed as `ColorPalette.lookupIndex`): the pair of
    /// palette colours its samples alternate between, the lighter first. Built on first use;
    /// `ColorPalette.prepare` builds it at start, off the main thread.
    static let table: [(RGB, RGB)] = buildTable()

    /// How much a colour's hue and chroma count against its lightness when its entries are
    /// chosen (Oklab a and b against L): a muted green drawn grey is the error users see first.
    static let chromaWeight: Float = 3
    /// How much a pair's own contrast counts against it, against the error of its mean: high
    /// enough that the pairs cost no more bytes than the nearest entries (`sidewalk bench encode
    /// --color 256`: 1.00-1.02 times on the photos it was chosen on).
    static let contrastWeight: Float = 6
    /// How much of a pair's contrast in hue and chroma counts against its lightness contrast:
    /// the eye resolves colour far more coarsely than light, so a checkerboard of a grey and a
    /// green of the same lightness reads as a muted green.
    static let chromaContrastWeight: Float = 0.1
    /// How many of a colour's nearest entries its pair is chosen from.
    static let candidates = 16

    /// Replaces the colours of the picture's cells in `rows` of `grid` with their pairs' entries.
    static func apply(to grid: inout CellGrid, rows: Range<Int>) {
        for row in rows where row >= 0 && row < grid.rows {
            for column in 0..<grid.columns {
                var cell = grid[column, row]
                guard cell.glyph != Cell.seeThroughGlyph else { continue }
                let foregroundIsBottom = cell.glyph == Cell.lowerHalfBlock
                // The samples form a checkerboard: a top half takes the pair's lighter entry in
                // even columns, a bottom half in odd ones.
                let topFirst = column % 2 == 0
                let foregroundFirst = topFirst != foregroundIsBottom
                let foregroundPair = table[ColorPalette.lookupIndex(cell.foreground)]
                let backgroundPair = table[ColorPalette.lookupIndex(cell.background)]
                cell.foreground = foregroundFirst ? foregroundPair.0 : foregroundPair.1
                cell.background = foregroundFirst ? backgroundPair.1 : backgroundPair.0
                grid[column, row] = cell
            }
        }
    }

    private static func buildTable() -> [(RGB, RGB)] {
        let entries = Array(ColorPalette.xterm256[16...])
        let linear = entries.map(CellDither.linear)
        let lab = linear.map(Oklab.of(linear:))
        // Each pair's mean, in Oklab, by the pair's index in the upper triangle.
        let count = entries.count
        var means = [SIMD3<Float>](repeating: .zero, count: count * count)
        for first in 0..<count {
            for second in first..<count { means[first * count + second] = Oklab.of(linear: (linear[first] + linear[second]) * 0.5) }
        }
        var table = [(RGB, RGB)](repeating: (.black, .black), count: 32 * 32 * 32)
        var near = [(index: Int, error: Float)]()
        near.reserveCapacity(candidates + 1)
        for block in table.indices {
            let centre = RGB(UInt8((block >> 10) << 3 | 4), UInt8((block >> 5 & 31) << 3 | 4), UInt8((block & 31) << 3 | 4))
            let target = Oklab.of(centre)
            near.removeAll(keepingCapacity: true)
            for index in 0..<count {
                let error = weighted(lab[index], target)
                guard near.count < candidates || error < near[near.count - 1].error else { continue }
                near.insert((index, error), at: near.firstIndex { $0.error > error } ?? near.count)
                if near.count > candidates { near.removeLast() }
            }
            var (best, bestCost) = ((near[0].index, near[0].index), near[0].error)
            for (position, first) in near.enumerated() {
                for second in near[(position + 1)...] {
                    let (low, high) = (min(first.index, second.index), max(first.index, second.index))
                    let cost = weighted(means[low * count + high], target) + contrastWeight * contrast(lab[low], lab[high])
                    if cost < bestCost { (best, bestCost) = ((low, high), cost) }
                }
            }
            let lighterFirst = lab[best.0].x >= lab[best.1].x
            table[block] = lighterFirst ? (entries[best.0], entries[best.1]) : (entries[best.1], entries[best.0])
        }
        return table
    }

    /// A colour's error: squared Oklab distance with hue and chroma weighted by `chromaWeight`.
    @inline(__always)
    private static func weighted(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        let d = a - b
        return d.x * d.x + chromaWeight * (d.y * d.y + d.z * d.z)
    }

    /// A pair's contrast: squared Oklab distance with hue and chroma weighted by `chromaContrastWeight`.
    @inline(__always)
    private static func contrast(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        let d = a - b
        return d.x * d.x + chromaContrastWeight * (d.y * d.y + d.z * d.z)
    }
}
