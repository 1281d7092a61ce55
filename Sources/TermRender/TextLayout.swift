import PanoCore
import TextSafety

/// Writes text into a row of a cell grid, clipped to a column range by display width, so text
/// never spills out of its place.
public enum TextLayout {
    /// Draws `text` (sanitised here) from `column`, using at most `width` columns of `row`.
    /// Combining marks are dropped, since a cell holds one scalar; a wide character that would
    /// straddle the edge is left out. Returns the number of columns used.
    @discardableResult
    public static func draw(
        _ text: String, into grid: inout CellGrid, row: Int, column: Int, width: Int,
        foreground: RGB, background: RGB
    ) -> Int {
        guard row >= 0, row < grid.rows, column >= 0 else { return 0 }
        let limit = min(column + max(width, 0), grid.columns)
        var x = column
        for scalar in TextSanitizer.sanitize(text).unicodeScalars {
            let cellWidth = DisplayWidth.of(scalar)
            if cellWidth == 0 { continue }
            if x + cellWidth > limit { break }
            grid[x, row] = Cell(glyph: scalar, foreground: foreground, background: background)
            if cellWidth == 2 {
                grid[x + 1, row] = Cell(glyph: Cell.continuation, foreground: foreground, background: background)
            }
            x += cellWidth
        }
        return x - column
    }

    /// `text` broken at spaces into lines at most `limit` columns wide (a longer word stands alone).
    public static func wrapped(_ text: String, limit: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let longer = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, width(of: longer) > limit {
                lines.append(line)
                line = String(word)
            } else {
                line = longer
            }
        }
        return lines + [line]
    }

    /// Display width of `text` after sanitising, in columns.
    public static func width(of text: String) -> Int {
        TextSanitizer.sanitize(text).unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) }
    }
}
