import Explorer
import PanoCore

/// A stored screen an expectation compares with (`expect screen matches FILE [region R,C,ROWS,COLS]`):
/// the text and the colours of the whole screen or a region, as a terminal shows them. Named in
/// a script; bound to its file for a front and a size before the script plays (`bound`), as
/// Playwright keeps a snapshot per project: `walk.golden` is `walk-terminal-100x30.golden`.
package struct GoldenScreen: Equatable, Sendable {
    /// A part of the screen: its first row and column (1-based) and its size, cells.
    package struct Region: Equatable, Sendable {
        package let row: Int
        package let column: Int
        package let rows: Int
        package let columns: Int

        package init(row: Int, column: Int, rows: Int, columns: Int) {
            (self.row, self.column, self.rows, self.columns) = (row, column, rows, columns)
        }
    }

    /// As written in the script.
    package let name: String
    package let region: Region?
    /// The file it is bound to, and what it holds (nil: none yet); nil before binding.
    package var path: String?
    package var expected: String?
    /// A recording run (`--update-goldens`): it fails, and its screen is written to `path`.
    package var recording = false
    /// Why the golden's file may not be used (it lies outside the script's folder); the
    /// expectation then fails with it, and nothing is read or written.
    package var refusal: String?

    package init(name: String, region: Region?) {
        (self.name, self.region) = (name, region)
    }

    /// The file `name` stands for on `front` at `size` ("80x24"): the suffix before the extension.
    package static func fileName(_ name: String, front: String, size: String) -> String {
        let slash = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
        guard let dot = name[slash...].lastIndex(of: "."), dot != slash else { return "\(name)-\(front)-\(size)" }
        return "\(name[..<dot])-\(front)-\(size)\(name[dot...])"
    }

    /// True when `check` fails whatever the screen shows later: the file is refused, the run
    /// records, there is no golden yet, or the region lies outside the screen. Waiting for it
    /// is pointless.
    func cannotChange(_ cells: ScreenCells?) -> Bool {
        guard let cells else { return false }
        return refusal != nil || recording || expected == nil || Self.render(cells, region: region) == nil
    }

    /// Nil when `cells` show what the golden holds; else what differs.
    func check(_ cells: ScreenCells?) -> String? {
        if let refusal { return refusal }
        guard let cells, let actual = Self.render(cells, region: region) else {
            return cells == nil ? "no screen to read" : "the region lies outside the \(cells!.columns)×\(cells!.rows) screen"
        }
        let file = path ?? name
        if recording { return "recorded \(file) (a recording run fails; run again without --update-goldens)" }
        guard let expected else { return "no golden \(file) yet; --update-goldens records it" }
        guard actual != expected else { return nil }
        let rows = Self.differingRows(expected, actual)
        return "the screen differs from \(file) in \(rows.count) line\(rows.count == 1 ? "" : "s") (first: \(rows.first ?? "?"))"
    }

    /// The golden form of `cells` within `region` (the whole screen without one): a heading, each
    /// row's text between bars, then each row's colours as runs of `#fg/#bg*count`; nil when the
    /// region does not lie within the screen. The picture is not part of it (its blocks vary with
    /// every decode): its cells are spaces, and spaces have no colours (`-`), so a golden holds
    /// what the HUD draws: labels, lines, symbols, the map.
    package static func render(_ cells: ScreenCells, region: Region?) -> String? {
        let area = region ?? Region(row: 1, column: 1, rows: cells.rows, columns: cells.columns)
        guard area.row >= 1, area.column >= 1, area.rows >= 1, area.columns >= 1, area.row - 1 + area.rows <= cells.rows,
            area.column - 1 + area.columns <= cells.columns
        else { return nil }
        let rows = (area.row - 1)..<(area.row - 1 + area.rows)
        let columns = (area.column - 1)..<(area.column - 1 + area.columns)
        var lines = ["sidewalk golden screen: \(area.rows) rows × \(area.columns) columns from row \(area.row), column \(area.column)"]
        for row in rows {
            let glyphs = columns.map { cells[$0, row].glyph }.filter { $0 != "\u{0}" }
            lines.append("|" + String(String.UnicodeScalarView(glyphs.map { isPicture($0) ? " " : $0 })) + "|")
        }
        lines.append("colours:")
        for row in rows {
            var runs: [(String, Int)] = []
            for column in columns {
                let cell = cells[column, row]
                let colours = isPicture(cell.glyph) ? "-" : Expectation.hex(cell.foreground) + "/" + Expectation.hex(cell.background)
                if runs.last?.0 == colours { runs[runs.count - 1].1 += 1 } else { runs.append((colours, 1)) }
            }
            lines.append(runs.map { "\($0.0)*\($0.1)" }.joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// True for what the picture is drawn with: spaces, block elements, sextants and octants.
    static func isPicture(_ glyph: Unicode.Scalar) -> Bool {
        switch glyph.value {
        case 0...0x20, 0x2580...0x259F, 0x1FB00...0x1FBFF: true
        default: false
        }
    }

    /// "row 5" or "row 5's colours" for each line that differs, in order.
    static func differingRows(_ expected: String, _ actual: String) -> [String] {
        let (old, new) = (lines(expected), lines(actual))
        let rows = (old.count - 3) / 2
        let differing = (1..<max(old.count, new.count)).filter { index in
            index >= old.count || index >= new.count || old[index] != new[index]
        }
        return differing.map { (index: Int) -> String in
            if index <= rows { return "row \(index)" }
            return index == rows + 1 ? "the colours' heading" : "row \(index - rows - 1)'s colours"
        }
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A line diff of `expected` and `actual` (same-shaped goldens): each differing line, `-` the
    /// golden's, `+` this run's.
    package static func diff(_ expected: String, _ actual: String) -> String {
        let (old, new) = (lines(expected), lines(actual))
        var out: [String] = []
        for index in 0..<max(old.count, new.count) {
            let (was, now) = (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil)
            guard was != now else { continue }
            out.append("@@ line \(index + 1)")
            if let was { out.append("- " + was) }
            if let now { out.append("+ " + now) }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
