/// How the picture reaches the terminal (chafa's names).
package enum PictureFormat: String, Sendable, CaseIterable {
    /// Block symbols in colour, in any terminal.
    case symbols
    /// Real pixels through the kitty graphics protocol.
    case kitty
    /// Real pixels as sixel graphics, in up to 256 colours fitted to each frame.
    case sixels
    /// Real pixels as iTerm2 inline images (iTerm2, WezTerm).
    case iterm
}
