/// The line typed after `:`: open, edited a key at a time, then run or cancelled.
package struct CommandLineEditor: Sendable, Equatable {
    /// What is typed so far while the line is open; nil when it is closed.
    package private(set) var text: String?
    /// Characters a line may hold.
    package static let maximumLength = 200

    /// What a key did to the line.
    enum Outcome: Equatable {
        /// The line changed (a character, Backspace).
        case edited
        /// Escape: the line closed, nothing run.
        case cancelled
        /// Enter: the line closed; run this text.
        case run(String)
        /// Ctrl-C: the line closed, and the explorer quits, here as everywhere (in a terminal
        /// Ctrl-C is SIGINT, which no front sees as a key; docs/decisions.md, 2026-12-01).
        case quit
    }

    var isOpen: Bool { text != nil }

    /// Opens the line with `text` already typed (`/` opens it with "find ").
    mutating func open(with text: String = "") {
        self.text = text
    }

    /// Edits the open line: characters add, Backspace removes (and closes an empty line),
    /// Enter runs, Escape cancels; nil for a key that does nothing here.
    mutating func edit(_ key: Key) -> Outcome? {
        switch key {
        case .enter:
            defer { text = nil }
            return .run(text ?? "")
        case .escape:
            text = nil
            return .cancelled
        case .control("c"):
            text = nil
            return .quit
        case .backspace: if text?.isEmpty == false { text?.removeLast() } else { text = nil }
        case .character(let c) where (text?.count ?? 0) < Self.maximumLength: text?.append(c)
        default: return nil
        }
        return .edited
    }
}
