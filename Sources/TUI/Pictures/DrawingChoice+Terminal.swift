import ExplorerView
import TermRender

/// What the terminal's answers change in the drawing choice: the colour mode it shows, unless one
/// was chosen, and its own 16 colours.
extension DrawingChoice {
    /// Takes the terminal's own 16 colours once all are known. True when they change what a
    /// 16-colour frame shows.
    mutating func take(_ capabilities: TerminalCapabilities) -> Bool {
        guard let colours = capabilities.ansiColours, colours != ansiPalette.colours else { return false }
        ansiPalette = AnsiPalette(colours: colours)
        return colorMode == .ansi16
    }

    /// Takes a terminal's answer into `capabilities`, and what it says about colours: the mode
    /// it shows (unless one was chosen) and its own 16 colours. True when frames must be drawn
    /// anew with another encoder.
    mutating func take(
        _ reply: TerminalReply, into capabilities: inout TerminalCapabilities, detected: ColorMode,
        environment: [String: String]
    ) -> Bool {
        capabilities.take(reply)
        let mode = TerminalProbe.colorMode(detected: detected, capabilities: capabilities, environment: environment)
        let newMode = !colorChosen && mode != colorMode
        if newMode { colorMode = mode }
        return take(capabilities) || newMode
    }
}
