import PanoCore

/// The 16 ANSI colours as a terminal shows them, and the nearest of them to any colour (in
/// Oklab, through a table of 32×32×32 entries). xterm's defaults unless the terminal told its
/// own with OSC 4, so a 16-colour picture is fitted to the colours really on screen.
public struct AnsiPalette: Sendable, Equatable {
    /// The colours in SGR order: black, red, green, yellow, blue, magenta, cyan, white, then the
    /// bright eight.
    public let colours: [RGB]
    private let table: [UInt8]

    /// xterm's defaults (`ColorPalette.ansi16`).
    public static let xterm = AnsiPalette(colours: ColorPalette.ansi16)

    /// A palette of exactly 16 colours; building its table takes a few milliseconds.
    public init(colours: [RGB]) {
        precondition(colours.count == 16, "the ANSI palette has 16 colours")
        self.colours = colours
        table = ColorPalette.buildTable(candidates: Array(0..<16), palette: colours)
    }

    /// The index (0-15) of the nearest colour; a colour in the palette maps to itself.
    @inline(__always)
    public func nearest(_ colour: RGB) -> UInt8 {
        if let exact = colours.firstIndex(of: colour) { return UInt8(exact) }
        return table[ColorPalette.lookupIndex(colour)]
    }

    /// The colour shown for `colour`.
    @inline(__always)
    public func shown(_ colour: RGB) -> RGB {
        colours[Int(nearest(colour))]
    }
}
