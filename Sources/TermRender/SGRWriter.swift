import PanoCore

/// Chooses how each cell is shown in a colour mode and writes the SGR that sets its colours,
/// remembering the pen so a colour already set is not sent again.
struct SGRWriter {
    let colorMode: ColorMode
    /// Per-channel tolerance for motion frames; negative for exact frames.
    let tolerance: Int
    private var foreground: RGB?
    private var background: RGB?
    /// True while the pen's background is the terminal's default (after SGR 49).
    private var onDefaultBackground = false
    /// True once any SGR has been written, so the frame must end with a reset.
    private(set) var changedAttributes = false

    /// Colours and glyph shown for cells without colour.
    static let colourlessForeground = RGB(255, 255, 255)
    static let colourlessBackground = RGB(0, 0, 0)
    /// Characters by brightness, darkest first, for pictures without colour.
    static let brightnessRamp: [Unicode.Scalar] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    /// Only ASCII may be sent (the locale is not UTF-8): `ASCIIFallback`.
    let asciiOnly: Bool
    /// The 16 colours the terminal shows, in 16-colour mode.
    let ansi: AnsiPalette

    init(colorMode: ColorMode, tolerance: Int, asciiOnly: Bool = false, ansi: AnsiPalette = .xterm) {
        self.colorMode = colorMode
        self.tolerance = tolerance
        self.asciiOnly = asciiOnly
        self.ansi = ansi
    }

    /// The cell as an ASCII-only terminal shows it: two halves (or a block symbol's) become one
    /// space of their mean colour, other glyphs their `ASCIIFallback`.
    @inline(__always)
    func ascii(_ cell: Cell) -> Cell {
        if let (top, bottom) = cell.halves ?? SymbolSet.halvesOfAnySymbol(cell), cell.glyph != " " {
            let mean = RGB(
                UInt8((Int(top.r) + Int(bottom.r) + 1) / 2), UInt8((Int(top.g) + Int(bottom.g) + 1) / 2),
                UInt8((Int(top.b) + Int(bottom.b) + 1) / 2))
            return Cell(glyph: " ", foreground: cell.foreground, background: mean)
        }
        return Cell(glyph: ASCIIFallback.scalar(for: cell.glyph), foreground: cell.foreground, background: cell.background)
    }

    /// The cell as this mode shows it exactly: palette colours in 256 and 16 colours; in none,
    /// a half block or a block symbol becomes a character by brightness and colours are dropped.
    @inline(__always)
    func target(for source: Cell) -> Cell {
        let cell = asciiOnly && colorMode != .none ? ascii(source) : source
        switch colorMode {
        case .truecolor:
            return cell
        case .palette256:
            return Cell(
                glyph: cell.glyph, foreground: ColorPalette.xterm256[Int(ColorPalette.nearest256(cell.foreground))],
                background: ColorPalette.xterm256[Int(ColorPalette.nearest256(cell.background))])
        case .ansi16:
            return Cell(glyph: cell.glyph, foreground: ansi.shown(cell.foreground), background: ansi.shown(cell.background))
        case .none:
            var glyph = cell.glyph
            if glyph != " ", let (top, bottom) = cell.halves ?? SymbolSet.halvesOfAnySymbol(cell) {
                let luma =
                    (2126 * (Int(top.r) + Int(bottom.r)) + 7152 * (Int(top.g) + Int(bottom.g))
                        + 722 * (Int(top.b) + Int(bottom.b))) / 20000
                glyph = Self.brightnessRamp[min(luma * Self.brightnessRamp.count / 256, Self.brightnessRamp.count - 1)]
            }
            if asciiOnly { glyph = ASCIIFallback.scalar(for: glyph) }
            return Cell(glyph: glyph, foreground: Self.colourlessForeground, background: Self.colourlessBackground)
        }
    }

    /// True when the screen cell may stay: it looks the same, or in a motion frame looks the
    /// same within tolerance. Cells of two halves compare by their halves, whatever glyph shows them.
    @inline(__always)
    func looksUnchanged(_ onScreen: Cell, _ target: Cell) -> Bool {
        if let shown = onScreen.halves, let wanted = target.halves {
            return same(shown.top, wanted.top) && same(shown.bottom, wanted.bottom)
        }
        guard onScreen.glyph == target.glyph else { return false }
        return same(onScreen.foreground, target.foreground) && same(onScreen.background, target.background)
    }

    /// For a cell of two halves: the glyph that needs the fewest colour changes from the pen,
    /// `▀` (top in the foreground) or `▄` (top in the background), or a space when both halves
    /// are one colour (only the background then matters, and the glyph is one byte).
    @inline(__always)
    func cheapestGlyph(for target: Cell) -> Cell {
        guard colorMode != .none, let (top, bottom) = target.halves else { return target }
        func matches(_ pen: RGB?, _ colour: RGB) -> Int { pen.map { same($0, colour) } == true ? 0 : 1 }
        if top == bottom {
            return Cell(glyph: " ", foreground: foreground ?? top, background: top)
        }
        let upperCost = matches(foreground, top) + matches(background, bottom)
        let lowerCost = matches(foreground, bottom) + matches(background, top)
        return lowerCost < upperCost
            ? Cell(glyph: Cell.lowerHalfBlock, foreground: bottom, background: top)
            : Cell(glyph: Cell.upperHalfBlock, foreground: top, background: bottom)
    }

    /// Writes what is needed to show `target`'s colours; returns the cell as the terminal will
    /// show it (in motion frames, possibly the pen's or a palette colour near the target). A
    /// space leaves the foreground as it is.
    @inline(__always)
    mutating func setColours(for target: Cell, out: inout ByteSink) -> Cell {
        guard colorMode != .none else { return target }
        let needsForeground = target.glyph != " " || foreground == nil
        let (foregroundCode, shownForeground) = needsForeground ? choose(target.foreground, pen: foreground) : (nil, foreground!)
        let (backgroundCode, shownBackground) = choose(target.background, pen: background)
        if foregroundCode != nil || backgroundCode != nil {
            EscapeSequence.appendColours(foreground: foregroundCode, background: backgroundCode, to: &out)
            changedAttributes = true
        }
        foreground = shownForeground
        background = shownBackground
        onDefaultBackground = false
        return Cell(glyph: target.glyph, foreground: shownForeground, background: shownBackground)
    }

    /// Writes the terminal's default background (SGR 49) unless it is already the pen's; the pen's
    /// background is unknown after it, so the next coloured cell sends its own.
    mutating func useDefaultBackground(out: inout ByteSink) {
        guard !onDefaultBackground else { return }
        out.append(contentsOf: EscapeSequence.defaultBackground)
        background = nil
        onDefaultBackground = true
        changedAttributes = true
    }

    /// The code to send for a colour (nil when the pen already shows it) and the colour shown.
    @inline(__always)
    private func choose(_ colour: RGB, pen: RGB?) -> (EscapeSequence.ColourCode?, RGB) {
        if let pen, tolerance < 0 ? pen == colour : close(pen, colour) { return (nil, pen) }
        switch colorMode {
        case .truecolor:
            if tolerance >= 0 {
                let index = ColorPalette.approximately256(colour)
                let paletteColour = ColorPalette.xterm256[Int(index)]
                if close(paletteColour, colour) { return (.palette(index), paletteColour) }
            }
            return (.rgb(colour), colour)
        case .palette256:
            return (.palette(ColorPalette.nearest256(colour)), colour)
        case .ansi16:
            return (.ansi(ansi.nearest(colour)), colour)
        case .none:
            return (nil, colour)
        }
    }

    /// Equal, or in a motion frame within the tolerance.
    @inline(__always)
    private func same(_ a: RGB, _ b: RGB) -> Bool {
        tolerance < 0 ? a == b : close(a, b)
    }

    @inline(__always)
    private func close(_ a: RGB, _ b: RGB) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance && abs(Int(a.b) - Int(b.b)) <= tolerance
    }
}
