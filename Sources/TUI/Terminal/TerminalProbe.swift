import TermRender

/// The questions Sidewalk asks the terminal at start and after a resume (docs/terminals.md).
/// The replies come back on the input stream, where `InputDecoder` takes them out.
package enum TerminalProbe {
    /// How long the first frame waits for DA1's reply, seconds. Replies that come later still
    /// count, and are never read as keys.
    package static let deadline = 0.15
    /// The background colour set and read back to test for 24-bit colour: one no palette holds.
    static let probeColour = (1, 2, 3)

    /// The batch, DA1 last (every terminal answers it, and in order, so its reply ends the
    /// wait): whether the terminal reads UTF-8 (`EscapeSequence.utf8Probe`; not on the Linux console,
    /// whose character set follows the locale), the kitty graphics query, XTVERSION, a 24-bit background read back with DECRQSS,
    /// XTGETTCAP for `RGB` and `Tc`, the cell and text area sizes in pixels, the sixel limits
    /// (XTSMGRAPHICS), the 16 ANSI colours (OSC 4). Nothing but DA1 for
    /// the Linux console, which would print the string sequences; no kitty query inside tmux or
    /// screen, which take an APC string as the pane's title. Nothing kitty logs as a parse error:
    /// it has no sixels (XTSMGRAPHICS) and no terminfo `RGB` or `Tc` (XTGETTCAP), and its
    /// 24-bit colour shows in the read-back.
    package static func queries(termName: String?, environment: [String: String]) -> [UInt8] {
        guard termName != "linux" else { return EscapeSequence.deviceAttributesQuery }
        let multiplexer = isMultiplexed(termName: termName, environment: environment)
        let kitty = isKitty(termName: termName, environment: environment)
        let (red, green, blue) = probeColour
        return EscapeSequence.utf8Probe + (multiplexer ? [] : EscapeSequence.kittyGraphicsQuery) + EscapeSequence.versionQuery
            + EscapeSequence.renditionReadBack(red: red, green: green, blue: blue)
            + (kitty ? [] : EscapeSequence.capabilityQuery(["RGB", "Tc"]))
            + EscapeSequence.pixelSizeQueries + (kitty ? [] : EscapeSequence.sixelLimitsQueries)
            + EscapeSequence.ansiPaletteQuery + EscapeSequence.deviceAttributesQuery
    }

    /// kitty itself, by its `TERM` (which ssh passes on) or its window id, outside a multiplexer.
    static func isKitty(termName: String?, environment: [String: String]) -> Bool {
        !isMultiplexed(termName: termName, environment: environment) && (termName == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil)
    }

    /// Inside tmux or screen: queries are answered by the multiplexer, not the terminal around
    /// it, and image protocols would need passthrough.
    package static func isMultiplexed(termName: String?, environment: [String: String]) -> Bool {
        environment["TMUX"] != nil || termName.map { $0.hasPrefix("screen") || $0.hasPrefix("tmux") } == true
    }

    /// The colour mode for a terminal: `detect` from the environment and terminfo, raised to
    /// truecolor when the terminal showed it (which reaches over SSH, where `COLORTERM` does not).
    /// `NO_COLOR` and an explicit `COLORTERM` still win.
    package static func colorMode(detected: ColorMode, capabilities: TerminalCapabilities, environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        return capabilities.trueColor == true ? .truecolor : detected
    }
}
