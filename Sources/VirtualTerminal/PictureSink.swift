/// Where a `VirtualScreen` hands the pictures a program sends (sixels, kitty graphics, iTerm2
/// images): the string sequences that carry them, read by whoever keeps the pixels
/// (`sidewalk render`). Without one, the screen drops them as it drops titles.
package protocol PictureSink: Sendable {
    /// A string sequence's body, from its introducer (`P`, `_` or `]`) to before its terminator,
    /// sent with the cursor at `row`, `column` (0-based) on a screen of `columns`×`rows` cells.
    /// Returns the cells a picture drawn into the text now covers (sixels, iTerm2 images), or
    /// nil when the sequence draws nothing into the cells (kitty keeps its own layer).
    mutating func take(_ body: ArraySlice<UInt8>, row: Int, column: Int, columns: Int, rows: Int) -> PicturePlacement?
}

/// A picture drawn into the cells, as xterm draws sixels: it covers `columns`×`rows` cells from
/// the cursor, and text written there later replaces it cell by cell.
package struct PicturePlacement: Equatable, Sendable {
    /// The sink's number for the picture.
    package var image: Int
    /// Cells covered across and down, each >= 1.
    package var columns: Int
    package var rows: Int
    /// Where the cursor goes after it: this many rows down (scrolling at the bottom margin, as
    /// line feeds do) and to this column; nil leaves it where it was.
    package var cursorAfter: (rowsDown: Int, column: Int)?

    package init(image: Int, columns: Int, rows: Int, cursorAfter: (rowsDown: Int, column: Int)?) {
        (self.image, self.columns, self.rows, self.cursorAfter) = (image, columns, rows, cursorAfter)
    }

    package static func == (a: Self, b: Self) -> Bool {
        (a.image, a.columns, a.rows) == (b.image, b.columns, b.rows) && a.cursorAfter?.rowsDown == b.cursorAfter?.rowsDown
            && a.cursorAfter?.column == b.cursorAfter?.column
    }
}

/// The part of a picture one cell shows: picture `image`'s cell `column`, `row` from its top left.
package struct PicturePiece: Equatable, Sendable {
    package var image: Int
    package var column: Int
    package var row: Int
}
