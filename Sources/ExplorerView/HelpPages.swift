import Explorer
import TermRender

/// The list of keys over the view (`?`), in pages: one section a page where the screen is
/// short (a listener takes them one at a time), all of them on one where they fit (at 160×48
/// the five pages once took five presses to see what one screen holds).
package enum HelpPages {
    /// Columns the keys take before what they do.
    static let keyColumns = 16

    /// How many sections a page holds on a screen of `columns`×`rows`: all of them where their
    /// lines (wrapped as drawn, with the mouse's where `mouse`) fit in the panel, else one.
    package static func sectionsPerPage(columns: Int, rows: Int, mouse: Bool) -> Int {
        let count = KeyBindings.helpSections.count
        let lines = Self.lines(page: 0, perPage: count, columns: columns, mouse: mouse).count
        // The panel: its lines, a title, a rule and a border, within two rows of the screen's edges.
        return lines + 3 <= rows - 2 ? count : 1
    }

    /// The panel's title for `page`.
    static func title(page: Int, perPage: Int) -> String {
        let pages = pageCount(perPage: perPage)
        if pages == 1 { return "Keys · ? or Esc closes" }
        let section = KeyBindings.helpSections[min(page, KeyBindings.helpSections.count - 1)].name
        return "Keys \(page + 1)/\(pages): \(section) · ? \(page == pages - 1 ? "closes" : "next") · Esc closes"
    }

    /// The panel's lines for `page` on a screen `columns` wide: each key and what it does
    /// (wrapped under itself where the panel is narrower), a section's name over its keys when
    /// a page holds several, and the mouse's actions on the last page where `mouse`.
    static func lines(page: Int, perPage: Int, columns: Int, mouse: Bool) -> [String] {
        let sections = KeyBindings.helpSections
        let first = min(page * perPage, sections.count - 1)
        let shown = sections[first..<min(first + perPage, sections.count)]
        let limit = max(10, columns - 6 - keyColumns)
        var lines: [String] = []
        for section in shown {
            if shown.count > 1 { lines += (lines.isEmpty ? [] : [""]) + [section.name.prefix(1).uppercased() + section.name.dropFirst()] }
            lines += section.keys.flatMap { keys, does in
                TextLayout.wrapped(does, limit: limit).enumerated().map {
                    $0 == 0 ? ExplorerFrame.pad(keys, keyColumns) + $1 : ExplorerFrame.pad("", keyColumns) + $1
                }
            }
        }
        let isLast = first + perPage >= sections.count
        if mouse && isLast { lines += [""] + KeyBindings.mouseHelp.map { ExplorerFrame.pad($0.0, keyColumns) + $0.1 } }
        return lines
    }

    private static func pageCount(perPage: Int) -> Int {
        (KeyBindings.helpSections.count + max(1, perPage) - 1) / max(1, perPage)
    }
}
