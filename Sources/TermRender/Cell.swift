import PanoCore

/// One terminal cell: a glyph with foreground and background colours.
public struct Cell: Equatable, Sendable {
    /// The character shown. `Cell.continuation` marks the right half of a wide character.
    public var glyph: Unicode.Scalar
    public var foreground: RGB
    public var background: RGB

    @inlinable
    public init(glyph: Unicode.Scalar, foreground: RGB, background: RGB) {
        self.glyph = glyph
        self.foreground = foreground
        self.background = background
    }

    /// The upper half block: foreground paints the top pixel, background the bottom one.
    public static let upperHalfBlock: Unicode.Scalar = "\u{2580}"
    /// The lower half block: foreground paints the bottom pixel, background the top one.
    public static let lowerHalfBlock: Unicode.Scalar = "\u{2584}"

    /// The colours of the top and bottom halves, for a cell that shows two pixels (an upper or
    /// lower half block) or one colour (a space); nil for other glyphs.
    @inline(__always)
    public var halves: (top: RGB, bottom: RGB)? {
        switch glyph {
        case Cell.upperHalfBlock: return (foreground, background)
        case Cell.lowerHalfBlock: return (background, foreground)
        case " ": return (background, background)
        default: return nil
        }
    }

    /// True when the two cells look the same on screen: the same halves, or the same glyph and
    /// colours.
    public func looksLike(_ other: Cell) -> Bool {
        if let mine = halves, let theirs = other.halves { return mine.top == theirs.top && mine.bottom == theirs.bottom }
        return self == other
    }
    /// Placeholder glyph for the second column of a double-width character; never sent.
    public static let continuation: Unicode.Scalar = "\u{0}"
    /// Placeholder glyph for a cell the picture shows through (pixel graphics under the text):
    /// sent as a space on the terminal's default background.
    public static let seeThroughGlyph: Unicode.Scalar = "\u{1}"
    /// A cell the picture shows through.
    public static let seeThrough = Cell(glyph: seeThroughGlyph, foreground: .white, background: .black)
    /// A space on black.
    public static let blank = Cell(glyph: " ", foreground: .white, background: .black)
}

/// A rectangle of cells, row-major from the top-left.
public struct CellGrid: Equatable, Sendable {
    /// Width in cells, >= 0.
    public let columns: Int
    /// Height in cells, >= 0.
    public let rows: Int
    public var cells: [Cell]

    public init(columns: Int, rows: Int, filling cell: Cell = .blank) {
        precondition(columns >= 0 && rows >= 0, "grid dimensions must not be negative")
        self.columns = columns
        self.rows = rows
        cells = [Cell](repeating: cell, count: columns * rows)
    }

    /// The cell at `column` in [0, columns), `row` in [0, rows).
    @inlinable
    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }
}
