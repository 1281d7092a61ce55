import PanoCore

/// Chooses how each cell is shown in a colour mode and writes the SGR that sets its colours,
/// remembering the pen so a colour already set is not sent again.
struct SGRWriter {
    let colorMode: ColorMode
    /// Per-channel tolerance for motion frames; negative for exact frames.
    let tolerance: Int
    private var foreground: RGB?
    private var background: RGB?
    /// True once any SGR has been written, so the frame must end with a reset.
    private(set) var changedAttributes = false

    /// Colours and glyph shown for cells without colour.
    static let colourlessForeground = RGB(255, 255, 255)
    static let colourlessBackground = RGB(0, 0, 0)
    /// Characters by brightness, darkest first, for pictures without colour.
    static let brightnessRamp: [Unicode.Scalar] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    init(colorMode: ColorMode, tolerance: Int) {
        self.colorMode = colorMode
        self.tolerance = tolerance
    }

    /// The cell as this mode shows it exactly: palette colours in 256 and 16 colours; in none,
    /// a half block becomes a character by brightness and colours are dropped.
    func target(for cell: Cell) -> Cell {
        switch colorMode {
        case .truecolor:
            return cell
        case .palette256:
            return Cell(glyph: cell.glyph, foreground: ColorPalette.xterm256[Int(ColorPalette.nearest256(cell.foreground))],
                        background: ColorPalette.xterm256[Int(ColorPalette.nearest256(cell.background))])
        case .ansi16:
            return Cell(glyph: cell.glyph, foreground: ColorPalette.ansi16[Int(ColorPalette.nearest16(cell.foreground))],
                        background: ColorPalette.ansi16[Int(ColorPalette.nearest16(cell.background))])
        case .none:
            var glyph = cell.glyph
            if glyph == Cell.upperHalfBlock {
                let luma = (2126 * (Int(cell.foreground.r) + Int(cell.background.r)) + 7152 * (Int(cell.foreground.g) + Int(cell.background.g))
                    + 722 * (Int(cell.foreground.b) + Int(cell.background.b))) / 20000
                glyph = Self.brightnessRamp[min(luma * Self.brightnessRamp.count / 256, Self.brightnessRamp.count - 1)]
            }
            return Cell(glyph: glyph, foreground: Self.colourlessForeground, background: Self.colourlessBackground)
        }
    }

    /// True when the screen cell may stay: equal, or in a motion frame within tolerance.
    func looksUnchanged(_ onScreen: Cell, _ target: Cell) -> Bool {
        guard onScreen.glyph == target.glyph else { return false }
        if tolerance < 0 { return onScreen == target }
        return close(onScreen.foreground, target.foreground) && close(onScreen.background, target.background)
    }

    /// Writes what is needed to show `target`'s colours; returns the cell as the terminal will
    /// show it (in motion frames, possibly the pen's or a palette colour near the target).
    mutating func setColours(for target: Cell, out: inout [UInt8]) -> Cell {
        guard colorMode != .none else { return target }
        let (foregroundCode, shownForeground) = choose(target.foreground, pen: foreground)
        let (backgroundCode, shownBackground) = choose(target.background, pen: background)
        if foregroundCode != nil || backgroundCode != nil {
            EscapeSequence.appendColours(foreground: foregroundCode, background: backgroundCode, to: &out)
            changedAttributes = true
        }
        foreground = shownForeground
        background = shownBackground
        return Cell(glyph: target.glyph, foreground: shownForeground, background: shownBackground)
    }

    /// The code to send for a colour (nil when the pen already shows it) and the colour shown.
    private func choose(_ colour: RGB, pen: RGB?) -> (EscapeSequence.ColourCode?, RGB) {
        if let pen, tolerance < 0 ? pen == colour : close(pen, colour) { return (nil, pen) }
        switch colorMode {
        case .truecolor:
            if tolerance >= 0 {
                let index = ColorPalette.nearest256(colour)
                let paletteColour = ColorPalette.xterm256[Int(index)]
                if close(paletteColour, colour) { return (.palette(index), paletteColour) }
            }
            return (.rgb(colour), colour)
        case .palette256:
            return (.palette(ColorPalette.nearest256(colour)), colour)
        case .ansi16:
            return (.ansi(ColorPalette.nearest16(colour)), colour)
        case .none:
            return (nil, colour)
        }
    }

    @inline(__always)
    private func close(_ a: RGB, _ b: RGB) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance && abs(Int(a.b) - Int(b.b)) <= tolerance
    }
}
