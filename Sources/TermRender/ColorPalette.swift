import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// The xterm palettes and nearest-colour lookup in a perceptual space (Oklab), through tables
/// of 32×32×32 entries built once.
public enum ColorPalette {
    /// The RGB of xterm's colours 16–255: a 6×6×6 cube (levels 0, 95, 135, 175, 215, 255) and
    /// a ramp of 24 greys (8, 18, ..., 238). Colours 0–15 vary between terminals and are not used.
    public static let xterm256: [RGB] = {
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        var colours = [RGB](repeating: .black, count: 256)
        for r in 0..<6 {
            for g in 0..<6 {
                for b in 0..<6 {
                    colours[16 + 36 * r + 6 * g + b] = RGB(levels[r], levels[g], levels[b])
                }
            }
        }
        for i in 0..<24 {
            let v = UInt8(8 + 10 * i)
            colours[232 + i] = RGB(v, v, v)
        }
        return colours
    }()

    /// xterm's default RGB for the 16 ANSI colours, in SGR order (black, red, green, yellow,
    /// blue, magenta, cyan, white, then the bright eight).
    public static let ansi16: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0), RGB(0, 0, 238), RGB(205, 0, 205),
        RGB(0, 205, 205), RGB(229, 229, 229), RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0),
        RGB(255, 255, 0), RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255)
    ]

    /// The palette index (16–255) nearest to a colour. The table's choice (made for the
    /// centre of an 8×8×8 block) is checked against the nearest cube colour and the nearest
    /// grey, so a colour in the palette always maps to itself.
    @inline(__always)
    public static func nearest256(_ colour: RGB) -> UInt8 {
        let fromTable = table256[lookupIndex(colour)]
        let cube = 16 + 36 * cubeLevel(colour.r) + 6 * cubeLevel(colour.g) + cubeLevel(colour.b)
        let mean = (Int(colour.r) + Int(colour.g) + Int(colour.b)) / 3
        let grey = 232 + min(max((mean - 3) / 10, 0), 23)
        var best = fromTable
        var bestDistance = distance(colour, xterm256[Int(fromTable)])
        for candidate in [cube, grey] {
            let d = distance(colour, xterm256[candidate])
            if d < bestDistance {
                bestDistance = d
                best = UInt8(candidate)
            }
        }
        return best
    }

    /// The table's palette index (16–255) for a colour, unrefined: nearly always the nearest,
    /// for callers that check the result against a tolerance anyway.
    @inline(__always)
    public static func approximately256(_ colour: RGB) -> UInt8 {
        table256[lookupIndex(colour)]
    }

    /// The index (0–5) of the cube level nearest to a channel value.
    @inline(__always)
    private static func cubeLevel(_ value: UInt8) -> Int {
        value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40
    }

    /// A cheap perceptual weighting of RGB distance (green counts most), for refining.
    @inline(__always)
    private static func distance(_ a: RGB, _ b: RGB) -> Int {
        let dr = Int(a.r) - Int(b.r)
        let dg = Int(a.g) - Int(b.g)
        let db = Int(a.b) - Int(b.b)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    @inline(__always)
    static func lookupIndex(_ c: RGB) -> Int {
        Int(c.r >> 3) << 10 | Int(c.g >> 3) << 5 | Int(c.b >> 3)
    }

    /// Builds the lookup tables now (with the 256-colour pairs of moving frames). They take tens of milliseconds (scripts/measure-first-key
    /// measured the first key's frame 20-30 ms late while they were built there), and the
    /// first motion frame in truecolor needs them (a colour the palette holds within the
    /// tolerance is sent as `38;5;N`): call this at start, off the main thread, so that frame
    /// does not wait.
    public static func prepare() {
        _ = table256.count + AnsiPalette.xterm.colours.count + PairDither.table.count
    }

    private static let table256: [UInt8] = buildTable(candidates: Array(16..<256), palette: xterm256)
    /// For each 8×8×8 block of colours, the candidate (an index into `palette`) nearest its centre in Oklab.
    static func buildTable(candidates: [Int], palette: [RGB]) -> [UInt8] {
        let labs = candidates.map { oklab(palette[$0]) }
        var table = [UInt8](repeating: 0, count: 32 * 32 * 32)
        for index in 0..<table.count {
            // The centre of the 8×8×8 block of colours this entry stands for.
            let colour = RGB(UInt8((index >> 10) << 3 | 4), UInt8((index >> 5 & 31) << 3 | 4), UInt8((index & 31) << 3 | 4))
            let lab = oklab(colour)
            var best = 0
            var bestDistance = Double.infinity
            for (i, candidate) in labs.enumerated() {
                let d =
                    (lab.0 - candidate.0) * (lab.0 - candidate.0) + (lab.1 - candidate.1) * (lab.1 - candidate.1)
                    + (lab.2 - candidate.2) * (lab.2 - candidate.2)
                if d < bestDistance {
                    bestDistance = d
                    best = i
                }
            }
            table[index] = UInt8(candidates[best])
        }
        return table
    }

    /// Oklab coordinates (L, a, b) of an sRGB colour (Björn Ottosson, 2020).
    static func oklab(_ c: RGB) -> (Double, Double, Double) {
        func linear(_ v: UInt8) -> Double {
            let x = Double(v) / 255
            return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
        }
        let lab = Oklab.of(linear: SIMD3(linear(c.r), linear(c.g), linear(c.b)), cubeRoot: cbrt)
        return (lab.x, lab.y, lab.z)
    }
}
