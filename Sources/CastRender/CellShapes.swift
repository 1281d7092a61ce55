import TermRender

/// Block elements, quadrants, sextants, octants, shades and braille drawn as shapes, as
/// terminals draw them (kitty, foot, WezTerm and others do not take these from the font): every
/// symbol set is right whatever font is installed, and edges fall on whole pixels.
enum CellShapes {
    /// The coverage (0 or 255; 64, 128, 191 for the shades) of each pixel of a `width`×`height`
    /// cell, row by row; nil when `scalar` is not drawn as a shape.
    static func coverage(_ scalar: Unicode.Scalar, width: Int, height: Int) -> [UInt8]? {
        let value = scalar.value
        if (0x2800...0x28FF).contains(value) { return braille(Int(value - 0x2800), width: width, height: height) }
        if let eighths = Self.eighths(value) {
            return fill(width: width, height: height) { x, y in
                eighths.contains(across: part(x, of: width, in: 8), down: part(y, of: height, in: 8))
            }
        }
        if (0x2591...0x2593).contains(value) {
            return [UInt8](repeating: [64, 128, 191][Int(value - 0x2591)], count: width * height)
        }
        for set in [SymbolSet.half, .quadrant, .sextant, .octant] {
            guard let mask = set.mask(of: scalar) else { continue }
            return fill(width: width, height: height) { x, y in
                mask & (1 << (part(y, of: height, in: set.rows) * set.columns + part(x, of: width, in: set.columns))) != 0
            }
        }
        return nil
    }

    /// Which of `parts` equal parts of `length` pixels pixel `index` falls in, by its centre, so
    /// a part's edge between pixels goes to the pixel mostly inside it.
    private static func part(_ index: Int, of length: Int, in parts: Int) -> Int {
        min(parts - 1, (2 * index + 1) * parts / (2 * length))
    }

    /// A block of whole eighths: rows `top..<bottom` and columns `left..<right`, in eighths.
    private struct Eighths {
        var left = 0
        var right = 8
        var top = 0
        var bottom = 8

        func contains(across: Int, down: Int) -> Bool { (left..<right).contains(across) && (top..<bottom).contains(down) }
    }

    /// The lower and left eighth blocks (U+2581–2587, U+2589–258F), the upper and right eighth
    /// (U+2594, U+2595); the halves and the full block come with the symbol sets.
    private static func eighths(_ value: UInt32) -> Eighths? {
        switch value {
        case 0x2581...0x2587: Eighths(top: 8 - Int(value - 0x2580))
        case 0x2589...0x258F: Eighths(right: 8 - Int(value - 0x2588))
        case 0x2594: Eighths(bottom: 1)
        case 0x2595: Eighths(left: 7)
        default: nil
        }
    }

    /// Braille pattern `dots` (bit 0 the top left dot, as Unicode numbers them): round dots
    /// in a grid of two by four.
    private static func braille(_ dots: Int, width: Int, height: Int) -> [UInt8] {
        let places = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)]
        let radius = max(0.5, min(Double(width) / 4, Double(height) / 8) * 0.7)
        return fill(width: width, height: height) { x, y in
            places.indices.contains { bit in
                guard dots & (1 << bit) != 0 else { return false }
                let centre = ((Double(places[bit].0) + 0.5) * Double(width) / 2, (Double(places[bit].1) + 0.5) * Double(height) / 4)
                let (dx, dy) = (Double(x) + 0.5 - centre.0, Double(y) + 0.5 - centre.1)
                return dx * dx + dy * dy <= radius * radius
            }
        }
    }

    private static func fill(width: Int, height: Int, _ inside: (Int, Int) -> Bool) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width where inside(x, y) { out[y * width + x] = 255 }
        }
        return out
    }
}
