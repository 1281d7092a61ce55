/// Keys by tmux's names, as scripts and `tmux send-keys` spell them.
extension Key {
    /// The key named `name`: Left, Right, Up, Down, Enter, Tab, BTab, Escape, BSpace, PageUp
    /// (PPage), PageDown (NPage), Home, End, Space, C-x for Ctrl plus a letter, or any single
    /// character ("q", "1", "+", "["). Nil for a name that is none of these.
    package init?(tmuxName name: String) {
        switch name {
        case "Left": self = .left
        case "Right": self = .right
        case "Up": self = .up
        case "Down": self = .down
        case "Enter": self = .enter
        case "Tab": self = .tab
        case "BTab": self = .backTab
        case "Escape": self = .escape
        case "BSpace": self = .backspace
        case "PageUp", "PPage": self = .pageUp
        case "PageDown", "NPage": self = .pageDown
        case "Home": self = .home
        case "End": self = .end
        case "Space": self = .character(" ")
        default:
            if name.count == 3, name.hasPrefix("C-"), let letter = name.last, letter.isASCII, letter.isLetter {
                self = .control(Character(letter.lowercased()))
            } else if name.count == 1, let character = name.first, !character.isWhitespace,
                character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
            {
                self = .character(character)
            } else {
                return nil
            }
        }
    }

    /// The key's tmux name; `Key(tmuxName: key.tmuxName) == key`.
    package var tmuxName: String {
        switch self {
        case .left: "Left"
        case .right: "Right"
        case .up: "Up"
        case .down: "Down"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "BTab"
        case .escape: "Escape"
        case .backspace: "BSpace"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .home: "Home"
        case .end: "End"
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "C-" + String(c)
        }
    }
}
