import PanoCore

/// The block symbols a cell may be drawn with (chafa's names): each splits the cell into a grid
/// of sub-pixels, each shown in the foreground or the background colour.
///
/// A pattern (mask) numbers the sub-pixels row by row from the top left: bit `row · 2 + column`
/// for the 2-wide sets, bit `row` for `half`. Every pattern of a set has a glyph.
public enum SymbolSet: String, Sendable, CaseIterable {
    /// ▀ ▄: 1×2 sub-pixels, in every font.
    case half
    /// ▘ ▝ ▖ ▗ ▚ ▞ ▌ ▐ ▀ ▄ ▙ ▛ ▜ ▟: 2×2, in most fonts.
    case quadrant
    /// U+1FB00–1FB3B (Unicode 13) and four block elements: 2×3. The picture also draws quadrant
    /// and half blocks with them where those fit better (`SextantFit`).
    case sextant
    /// U+1CD00–1CDE5 (Unicode 16) and 24 older block characters: 2×4. Few fonts have them yet.
    case octant

    /// Sub-pixels across a cell: 1 or 2.
    public var columns: Int { self == .half ? 1 : 2 }
    /// Sub-pixels down a cell: 2, 3 or 4.
    public var rows: Int {
        switch self {
        case .half, .quadrant: 2
        case .sextant: 3
        case .octant: 4
        }
    }

    /// Sub-pixels in a cell, 2...8.
    public var count: Int { columns * rows }

    /// The sets whose glyphs a picture in this set is fitted with: sextants also take the
    /// quadrant blocks (half blocks among them), whose rows they cannot make (`SextantFit`).
    public var fittedWith: [SymbolSet] { self == .sextant ? [.sextant, .quadrant] : [self] }

    /// The glyph that shows `mask` (its set bits in the foreground), mask in 0..<(1 << count).
    @inline(__always)
    public func glyph(for mask: Int) -> Unicode.Scalar {
        Self.glyphs[index][mask]
    }

    /// The pattern a glyph of this set shows, or nil when it is not one of its glyphs.
    public func mask(of glyph: Unicode.Scalar) -> Int? {
        Self.masks[index][glyph]
    }

    /// The set's place in `allCases`, which the tables follow.
    private var index: Int {
        switch self {
        case .half: 0
        case .quadrant: 1
        case .sextant: 2
        case .octant: 3
        }
    }

    private static let glyphs: [[Unicode.Scalar]] = allCases.map { $0.makeGlyphs() }
    private static let masks: [[Unicode.Scalar: Int]] = glyphs.map { list in
        Dictionary(list.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func makeGlyphs() -> [Unicode.Scalar] {
        switch self {
        case .half: return [" ", "\u{2580}", "\u{2584}", "\u{2588}"]
        case .quadrant:
            return Array(
                " \u{2598}\u{259D}\u{2580}\u{2596}\u{258C}\u{259E}\u{259B}\u{2597}\u{259A}\u{2590}\u{259C}\u{2584}\u{2599}\u{259F}\u{2588}"
                    .unicodeScalars)
        case .sextant:
            // U+1FB00 is BLOCK SEXTANT-1, and the run counts the patterns up in binary, leaving
            // out the two that ▌ and ▐ already draw.
            let borrowed: [Int: Unicode.Scalar] = [0: " ", 21: "\u{258C}", 42: "\u{2590}", 63: "\u{2588}"]
            return Self.run(from: 0x1FB00, patterns: 64, borrowed: borrowed)
        case .octant:
            // U+1CD00 is BLOCK OCTANT-3: the run counts the patterns up in binary, leaving out
            // the 26 that older characters already draw (checked against UnicodeData 16.0's names).
            let borrowed: [Int: Unicode.Scalar] = [
                0: " ", 1: "\u{1CEA8}", 2: "\u{1CEAB}", 3: "\u{1FB82}", 5: "\u{2598}", 10: "\u{259D}", 15: "\u{2580}",
                20: "\u{1FBE6}", 40: "\u{1FBE7}", 63: "\u{1FB85}", 64: "\u{1CEA3}", 80: "\u{2596}", 85: "\u{258C}",
                90: "\u{259E}", 95: "\u{259B}", 128: "\u{1CEA0}", 160: "\u{2597}", 165: "\u{259A}", 170: "\u{2590}",
                175: "\u{259C}", 192: "\u{2582}", 240: "\u{2584}", 245: "\u{2599}", 250: "\u{259F}", 252: "\u{2586}",
                255: "\u{2588}"
            ]
            return Self.run(from: 0x1CD00, patterns: 256, borrowed: borrowed)
        }
    }

    /// Glyphs for `patterns` masks: the borrowed ones, the rest numbered up from `first`.
    private static func run(from first: UInt32, patterns: Int, borrowed: [Int: Unicode.Scalar]) -> [Unicode.Scalar] {
        var next = first
        return (0..<patterns).map { mask in
            if let glyph = borrowed[mask] { return glyph }
            defer { next += 1 }
            return Unicode.Scalar(next)!
        }
    }

    /// The colours a cell drawn with this set's glyph shows in its top and bottom halves, each
    /// the mix its sub-pixels make; nil when the glyph is not one of this set's.
    public func halves(of cell: Cell) -> (top: RGB, bottom: RGB)? {
        guard let mask = mask(of: cell.glyph) else { return nil }
        func mix(rows range: Range<Int>) -> RGB {
            let bits = range.flatMap { row in (0..<columns).map { row * columns + $0 } }
            let lit = bits.filter { mask & (1 << $0) != 0 }.count
            let weight = Double(lit) / Double(bits.count)
            func channel(_ back: UInt8, _ front: UInt8) -> UInt8 { UInt8((Double(back) * (1 - weight) + Double(front) * weight).rounded()) }
            return RGB(
                channel(cell.background.r, cell.foreground.r), channel(cell.background.g, cell.foreground.g),
                channel(cell.background.b, cell.foreground.b))
        }
        // Sextants have an odd number of rows: the middle one counts half to each side.
        return rows == 3 ? (mix(rows: 0..<2), mix(rows: 1..<3)) : (mix(rows: 0..<(rows / 2)), mix(rows: (rows / 2)..<rows))
    }

    /// `halves(of:)` for a cell drawn with a glyph of any set finer than half blocks; nil for
    /// other glyphs (half blocks have `Cell.halves`), and for the full block, which the fitting
    /// never draws and text uses as a cursor.
    public static func halvesOfAnySymbol(_ cell: Cell) -> (top: RGB, bottom: RGB)? {
        guard cell.glyph != "\u{2588}" else { return nil }
        for set in [SymbolSet.quadrant, .sextant, .octant] {
            if let halves = set.halves(of: cell) { return halves }
        }
        return nil
    }
}
