import PanoCore

/// A dither for pictures drawn in 256 or 16 colours: a colour between palette entries is drawn
/// as a fine pattern of them whose mean light is the colour, so the eye, which averages over a
/// cell, sees the scene's colours and not the nearest entries. Still frames in 256 colours are
/// diffused (`DiffusionDither`), moving ones paired (`PairDither`); in 16 colours, and where
/// asked for, the pattern is ordered. The ordered pattern's
/// thresholds come from an 8×8 Bayer matrix tiled over the screen's pixels (a half block's two
/// halves are two pixels): anchored to the screen, a still view never changes. In 256 colours
/// each channel takes one of the two cube levels around it (greys, the finer grey ramp); in 16,
/// Thomas Knoll's pattern dither picks among the entries of the colour's pattern. Only the
/// picture's cells are dithered; text keeps its exact palette colours. The explorer dithers
/// moving frames only with pairs (`DrawingChoice.dither`), so nothing crawls while the camera turns.
public struct CellDither: Sendable, Equatable {
    /// The palette the picture is drawn in.
    public enum Palette: Sendable, Equatable {
        case xterm256
        /// The 16 colours as this terminal shows them.
        case ansi16(AnsiPalette)
    }

    /// How a colour between entries is drawn.
    public enum Method: String, Sendable, CaseIterable {
        /// The Bayer pattern anchored to the screen.
        case ordered
        /// Floyd–Steinberg error diffusion in linear light (`DiffusionDither`).
        case diffusion
        /// In 256 colours, for frames while the camera moves: each colour as a checkerboard of
        /// the two entries whose mean is nearest to it (`PairDither`); in 16, none.
        case pairs
    }

    public let palette: Palette
    public let method: Method
    /// The 16 colours in linear light, and their Oklab lightness, for their patterns.
    private let linear16: [SIMD3<Float>]
    private let lightness16: [Float]
    private let diffusion: DiffusionDither?

    public init(palette: Palette, method: Method = .ordered) {
        self.palette = palette
        self.method = method
        switch (method, palette) {
        case (.ordered, _), (.pairs, _): diffusion = nil
        case (.diffusion, .xterm256): diffusion = DiffusionDither(entries: Array(ColorPalette.xterm256[16...]))
        case (.diffusion, .ansi16(let ansi)): diffusion = DiffusionDither(entries: ansi.colours)
        }
        if case .ansi16(let ansi) = palette {
            linear16 = ansi.colours.map(Self.linear)
            lightness16 = ansi.colours.map { Float(ColorPalette.oklab($0).0) }
        } else {
            (linear16, lightness16) = ([], [])
        }
    }

    /// The dither for still pictures in `mode` with the terminal's 16 colours `ansi`: error
    /// diffusion in 256 colours, the ordered pattern in 16 (each the nearer to the scene's colours
    /// on photos it was not chosen on: docs/decisions.md, 2026-12-07); nil in truecolor (nothing
    /// to dither) and without colour.
    public static func forMode(_ mode: ColorMode, ansi: AnsiPalette) -> CellDither? {
        switch mode {
        case .palette256: CellDither(palette: .xterm256, method: .diffusion)
        case .ansi16: CellDither(palette: .ansi16(ansi), method: .ordered)
        case .truecolor, .none: nil
        }
    }

    /// The dither for frames while the camera moves in `mode`: in 256 colours, pairs
    /// (`PairDither`); nil in others.
    public static func motion(_ mode: ColorMode) -> CellDither? {
        mode == .palette256 ? CellDither(palette: .xterm256, method: .pairs) : nil
    }

    /// The 8×8 Bayer matrix, thresholds 0...63 by row.
    static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21
    ]

    /// Replaces the colours of the cells in `rows` of `grid` with palette colours, each
    /// dithered at its screen pixel: a cell's top half at pixel row 2·row, its bottom half at
    /// 2·row + 1.
    public func apply(to grid: inout CellGrid, rows: Range<Int>) {
        if let diffusion { return diffusion.apply(to: &grid, rows: rows) }
        if method == .pairs {
            if palette == .xterm256 { PairDither.apply(to: &grid, rows: rows) }
            return
        }
        let thresholds = Self.bayer.map { (Float($0) + 0.5) / 64 }
        for row in rows where row >= 0 && row < grid.rows {
            for column in 0..<grid.columns {
                var cell = grid[column, row]
                guard cell.glyph != Cell.seeThroughGlyph else { continue }
                let top = thresholds[(2 * row % 8) * 8 + column % 8]
                let bottom = thresholds[((2 * row + 1) % 8) * 8 + column % 8]
                let foregroundIsBottom = cell.glyph == Cell.lowerHalfBlock
                cell.foreground = shown(cell.foreground, threshold: foregroundIsBottom ? bottom : top)
                cell.background = shown(cell.background, threshold: foregroundIsBottom ? top : bottom)
                grid[column, row] = cell
            }
        }
    }

    /// The palette colour drawn for `colour` where the pattern's threshold is `threshold` (0...1).
    @inline(__always)
    func shown(_ colour: RGB, threshold: Float) -> RGB {
        switch palette {
        case .xterm256: Self.shown256(colour, threshold: threshold)
        case .ansi16: shown16(colour, threshold: threshold)
        }
    }

    /// The 6×6×6 cube's levels, and the grey ramp's (232...255) with black and white.
    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]
    static let greyLevels: [UInt8] = [0] + (0..<24).map { UInt8(8 + 10 * $0) } + [255]
    /// Linear light of each 8-bit level (IEC 61966-2-1).
    static let linearLevels: [Float] = (0..<256).map { Float(PerceivedColourError.linear(Double($0) / 255)) }

    /// In 256 colours: each channel between the two cube levels around it, the upper one where
    /// the threshold is below the channel's place between them in linear light, so the mean
    /// light is kept; a grey (channels within 12 levels) on the finer grey ramp.
    static func shown256(_ colour: RGB, threshold: Float) -> RGB {
        let (r, g, b) = (Int(colour.r), Int(colour.g), Int(colour.b))
        if max(r, g, b) - min(r, g, b) <= 12 {
            let grey = between(UInt8((r + g + b) / 3), levels: greyLevels, threshold: threshold)
            return RGB(grey, grey, grey)
        }
        return RGB(
            between(colour.r, levels: cubeLevels, threshold: threshold), between(colour.g, levels: cubeLevels, threshold: threshold),
            between(colour.b, levels: cubeLevels, threshold: threshold))
    }

    /// The level of `levels` (ascending, from 0 to 255) below or above `value`, by `threshold`.
    @inline(__always)
    static func between(_ value: UInt8, levels: [UInt8], threshold: Float) -> UInt8 {
        var upper = 1
        while levels[upper] < value { upper += 1 }
        let (low, high) = (levels[upper - 1], levels[upper])
        let span = linearLevels[Int(high)] - linearLevels[Int(low)]
        let place = span > 0 ? (linearLevels[Int(value)] - linearLevels[Int(low)]) / span : 0
        return threshold < place ? high : low
    }

    /// How many palette colours make one colour's pattern: 16 shades between any two.
    static let patternLength = 16

    /// In 16 colours: Thomas Knoll's pattern dither. The colour's pattern is built one palette
    /// entry at a time, each the nearest (in linear light) to the colour plus the error the
    /// entries so far have left, so the pattern's mean light is the colour's; its entries in
    /// order of lightness, the threshold picks one.
    func shown16(_ colour: RGB, threshold: Float) -> RGB {
        let target = Self.linear(colour)
        var error = SIMD3<Float>(repeating: 0)
        var pattern: [Int] = []
        pattern.reserveCapacity(Self.patternLength)
        for _ in 0..<Self.patternLength {
            let wanted = target + error
            var (best, bestDistance) = (0, Float.infinity)
            for index in 0..<16 {
                let distance = Self.distanceSquared(linear16[index], wanted)
                if distance < bestDistance { (best, bestDistance) = (index, distance) }
            }
            pattern.append(best)
            error += target - linear16[best]
        }
        pattern.sort { lightness16[$0] < lightness16[$1] }
        guard case .ansi16(let ansi) = palette else { return colour }
        return ansi.colours[pattern[min(Int(threshold * Float(Self.patternLength)), Self.patternLength - 1)]]
    }

    static func linear(_ colour: RGB) -> SIMD3<Float> {
        SIMD3(linearLevels[Int(colour.r)], linearLevels[Int(colour.g)], linearLevels[Int(colour.b)])
    }

    @inline(__always)
    static func distanceSquared(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        let d = a - b
        return (d * d).sum()
    }
}
