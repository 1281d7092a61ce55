import ExplorerView

extension PictureFormat {
    /// The format for a terminal that answered `capabilities`, in a window of `columns`×`rows`
    /// cells: kitty graphics where the terminal said it shows them, then iTerm2 images where the
    /// terminal is one that shows them, then sixels where DA1 listed them; each only where the
    /// cell size in pixels is known (iTerm2 images excepted: the terminal scales them) and not
    /// inside tmux or screen, which would need passthrough (docs/terminals.md). Symbols otherwise.
    package static func chosen(for capabilities: TerminalCapabilities, environment: [String: String], columns: Int, rows: Int)
        -> PictureFormat
    {
        guard !TerminalProbe.isMultiplexed(termName: environment["TERM"], environment: environment) else { return .symbols }
        let cellKnown = capabilities.cellPixels(columns: columns, rows: rows) != nil
        if capabilities.kittyGraphics && cellKnown { return .kitty }
        if showsITermImages(capabilities, environment: environment) { return .iterm }
        if capabilities.sixel && cellKnown { return .sixels }
        return .symbols
    }

    /// The terminals known to show iTerm2 inline images, by `TERM_PROGRAM` or XTVERSION.
    static func showsITermImages(_ capabilities: TerminalCapabilities, environment: [String: String]) -> Bool {
        let names = ["iTerm.app", "iTerm2", "WezTerm"]
        let program = environment["TERM_PROGRAM"] ?? ""
        let version = capabilities.version ?? ""
        return names.contains { program == $0 || version.hasPrefix($0) }
    }
}
