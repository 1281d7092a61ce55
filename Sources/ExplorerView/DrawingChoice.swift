import Explorer
import TermRender

/// The colour mode and block symbols the explorer draws with now, and the next of each when the
/// state counts a request for it (`c`, `b`). Presentation state, kept by the front.
package struct DrawingChoice: Sendable {
    package var colorMode: ColorMode
    /// True once the colour mode was chosen (by flag, config or key): the terminal's answers no
    /// longer change it.
    package private(set) var colorChosen: Bool
    package private(set) var symbols: SymbolSet
    /// The 16 colours the terminal said it shows (OSC 4), once it told all of them; xterm's before.
    package var ansiPalette = AnsiPalette.xterm
    private var applied = DisplayRequests()
    /// Shared URLs copied to the clipboard so far.
    private var sharesCopied = 0

    package init(colorMode: ColorMode, chosen: Bool, symbols: SymbolSet) {
        self.colorMode = colorMode
        colorChosen = chosen
        self.symbols = symbols
    }

    /// Takes the state's requests: each one moves to the next mode, round the list. Returns
    /// the note saying what is drawn now, or nil when nothing changed. With `pixels` (the view is
    /// drawn in real pixels) the symbols still change, for the text, and the note says the view
    /// does not use them.
    package mutating func take(_ requests: DisplayRequests, pixels: Bool = false) -> String? {
        guard requests.colours != applied.colours || requests.symbols != applied.symbols else { return nil }
        var said: [String] = []
        if requests.colours != applied.colours {
            colorMode = Self.next(colorMode, by: requests.colours - applied.colours)
            colorChosen = true
            said.append("colours: \(colorMode.rawValue) (c for the next)")
        }
        if requests.symbols != applied.symbols {
            symbols = Self.next(symbols, by: requests.symbols - applied.symbols)
            said.append(
                pixels
                    ? "block symbols: \(symbols.rawValue), not used: the view is in pixels"
                    : "block symbols: \(symbols.rawValue) (b for the next)")
        }
        applied = requests
        return said.joined(separator: " · ")
    }

    /// The bytes that copy a newly shared URL to the clipboard (OSC 52), once per `u`.
    package mutating func takeShare(_ requests: DisplayRequests) -> [UInt8]? {
        guard requests.shares != sharesCopied, let url = requests.sharedURL else { return nil }
        sharesCopied = requests.shares
        return EscapeSequence.copyToClipboard(url)
    }

    /// The picture's dither for a frame of `quality` in the colour mode drawn now, nil without
    /// `cells` (`--dither none`): the full dither once the camera stops; while it moves, in 256
    /// colours, pairs anchored to the screen (`PairDither`), which keep the scene's colours at the
    /// nearest entries' bytes and never crawl.
    package func dither(_ quality: FrameEncoder.Quality, cells: Bool) -> CellDither? {
        guard cells else { return nil }
        return quality == .exact ? CellDither.forMode(colorMode, ansi: ansiPalette) : CellDither.motion(colorMode)
    }

    /// An encoder for what is drawn now.
    package func encoder(asciiOnly: Bool) -> FrameEncoder {
        var encoder = FrameEncoder(colorMode: colorMode)
        encoder.asciiOnly = asciiOnly
        encoder.ansiPalette = ansiPalette
        return encoder
    }

    private static func next<Mode: CaseIterable & Equatable>(_ mode: Mode, by steps: Int) -> Mode where Mode.AllCases == [Mode] {
        let all = Mode.allCases
        return all[(all.firstIndex(of: mode)! + steps) % all.count]
    }
}
