import Explorer
import TermRender

/// The list of keys over the view (`?`). `?` steps through its parts (looking, walking, …) one
/// at a time, as a listener hears them, and closes after the last; the panel shows the part
/// alone where the screen is short, and every part, the current one marked, where they all fit
/// (at 160×48 the five parts once took five presses to see what one screen holds).
package enum HelpPages {
    /// Columns the keys take before what they do.
    static let keyColumns = 16

    /// The panel's title while `part` is the current one.
    static func title(part: Int) -> String {
        let sections = KeyBindings.helpSections
        let isLast = part == sections.count - 1
        return "Keys \(part + 1)/\(sections.count): \(sections[part].name) · ? \(isLast ? "closes" : "next") · Esc closes"
    }

    /// The panel's lines on a screen of `columns`×`rows` while `part` is the current one: every
    /// part under its name, the current one marked, where they fit; else `part` alone. The
    /// mouse's actions follow the last part where `mouse`.
    static func lines(part: Int, columns: Int, rows: Int, mouse: Bool) -> [String] {
        let all = allParts(current: part, columns: columns, mouse: mouse)
        // The panel: its lines, a title, a rule and a border, within two rows of the screen's edges.
        if all.count + 3 <= rows - 2 { return all }
        let isLast = part == KeyBindings.helpSections.count - 1
        return keyLines(KeyBindings.helpSections[part].keys, columns: columns) + (mouse && isLast ? mouseLines : [])
    }

    private static func allParts(current: Int, columns: Int, mouse: Bool) -> [String] {
        var lines: [String] = []
        for (index, section) in KeyBindings.helpSections.enumerated() {
            let name = section.name.prefix(1).uppercased() + section.name.dropFirst()
            lines += (lines.isEmpty ? [] : [""]) + [ExplorerFrame.focusMark(index == current) + name]
            lines += keyLines(section.keys, columns: columns)
        }
        return lines + (mouse ? mouseLines : [])
    }

    /// Each key and what it does, wrapped under itself where the panel is narrower.
    private static func keyLines(_ keys: [(String, String)], columns: Int) -> [String] {
        let limit = max(10, columns - 6 - keyColumns)
        return keys.flatMap { keys, does in
            TextLayout.wrapped(does, limit: limit).enumerated().map {
                $0 == 0 ? ExplorerFrame.pad(keys, keyColumns) + $1 : ExplorerFrame.pad("", keyColumns) + $1
            }
        }
    }

    private static var mouseLines: [String] { [""] + KeyBindings.mouseHelp.map { ExplorerFrame.pad($0.0, keyColumns) + $0.1 } }
}
