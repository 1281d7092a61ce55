/// A key press, independent of any terminal library. Names follow tmux's key names so scripts
/// and tests can spell them the same way.
package enum Key: Hashable, Sendable {
    case left, right, up, down
    case enter, escape, tab, backTab, backspace
    case pageUp, pageDown, home, end
    /// A printable character, e.g. "+", "q", "1".
    case character(Character)
    /// Ctrl plus a letter, lower-case (Ctrl-L is `.control("l")`).
    case control(Character)
}
