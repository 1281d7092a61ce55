import PanoCore

/// Floyd–Steinberg error diffusion of a picture's cells into a palette, in linear light: each
/// sample takes the palette entry nearest to its colour plus the error its neighbours already
/// drawn have left, and passes its own error on (7/16 ahead, 3/16, 5/16 and 1/16 on the next
/// row), serpentine. A half block's two halves are two samples, one above the other; in finer
/// symbols the foreground stands for the cell's top and the background for its bottom. Every
/// sample's error is spent near it, so the light the eye averages over a cell is the scene's.
/// Deterministic: the same cells give the same picture. For still frames only (a turn would make
/// the whole pattern swim).
struct DiffusionDither: Sendable, Equatable {
    /// The palette's colours, each one in linear light, and in Oklab.
    let entries: [RGB]
    private let linear: [SIMD3<Float>]
    private let lab: [SIMD3<Float>]

    init(entries: [RGB]) {
        self.entries = entries
        linear = entries.map(CellDither.linear)
        lab = linear.map(Oklab.of(linear:))
    }

    /// Replaces the colours of the picture's cells in `rows` of `grid` with the palette's,
    /// diffusing the error from the first of the rows on (a band starts without error).
    func apply(to grid: inout CellGrid, rows: Range<Int>) {
        let rows = max(rows.lowerBound, 0)..<min(rows.upperBound, grid.rows)
        guard !rows.isEmpty, grid.columns > 0 else { return }
        let width = grid.columns
        // The error owed to this sample row and the next, with a sample's margin at each side.
        var owed = [SIMD3<Float>](repeating: .zero, count: width + 2)
        var next = owed
        for sampleRow in (2 * rows.lowerBound)..<(2 * rows.upperBound) {
            let row = sampleRow / 2
            let isTop = sampleRow % 2 == 0
            for step in 0..<width {
                // Even sample rows left to right, odd ones back.
                let column = isTop ? step : width - 1 - step
                var cell = grid[column, row]
                guard cell.glyph != Cell.seeThroughGlyph else { continue }
                let drawsForeground = isTop == (cell.glyph != Cell.lowerHalfBlock)
                let colour = drawsForeground ? cell.foreground : cell.background
                let wanted = Self.clamped(CellDither.linear(colour) + owed[column + 1])
                let chosen = nearest(wanted)
                let error = wanted - linear[chosen]
                if drawsForeground { cell.foreground = entries[chosen] } else { cell.background = entries[chosen] }
                grid[column, row] = cell
                let (ahead, behind) = isTop ? (column + 2, column) : (column, column + 2)
                owed[ahead] += error * (7.0 / 16)
                next[behind] += error * (3.0 / 16)
                next[column + 1] += error * (5.0 / 16)
                next[ahead] += error * (1.0 / 16)
            }
            swap(&owed, &next)
            for index in next.indices { next[index] = .zero }
        }
    }

    /// The index of the entry nearest to `light` (linear light, each channel 0...1) as the eye
    /// judges it, in Oklab: nearest in linear light, a beige wall's samples would take entries of
    /// every hue whose light averages to it, a coloured noise the eye sees.
    @inline(__always)
    private func nearest(_ light: SIMD3<Float>) -> Int {
        let target = Oklab.of(linear: light)
        var (best, bestDistance) = (0, Float.infinity)
        for index in lab.indices {
            let d = lab[index] - target
            let distance = (d * d).sum()
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    /// A colour with its owed error kept to what a screen can show (each channel 0...1), so a
    /// run of error the palette cannot pay off does not grow without end.
    @inline(__always)
    private static func clamped(_ light: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(min(max(light.x, 0), 1), min(max(light.y, 0), 1), min(max(light.z, 0), 1))
    }
}
