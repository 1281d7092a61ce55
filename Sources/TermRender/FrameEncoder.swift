import PanoCore

/// Turns successive cell grids into the bytes that update a terminal showing the previous one.
///
/// Unchanged cells are skipped, colours are sent only when they change (foreground and
/// background in one SGR), and the cheapest cursor move is chosen. Each non-empty frame is
/// wrapped in a synchronized update, saves and restores the cursor, and ends with default
/// attributes, so a library that shares the terminal (ncurses) still knows where the cursor is
/// and what the pen holds.
///
/// A `.motion` frame, for while the camera moves, trades exactness for bytes: a cell within
/// `motionTolerance` of what is on screen is left alone, a colour within it of the current pen
/// reuses the pen, and a colour the 256-colour palette holds within it is sent as a palette
/// code. An `.exact` frame then brings every cell to its exact colour.
public struct FrameEncoder: Sendable {
    /// How exact a frame must be.
    public enum Quality: Sendable {
        case exact
        case motion
    }

    /// The colours the terminal can show.
    public var colorMode: ColorMode
    /// Largest difference per channel (0...255) that a motion frame treats as equal.
    public var motionTolerance: Int
    /// Send only ASCII, for a terminal whose locale is not UTF-8 (`ASCIIFallback`).
    public var asciiOnly = false
    /// The 16 colours the terminal shows, for 16-colour mode (OSC 4 answers, else xterm's).
    public var ansiPalette = AnsiPalette.xterm
    /// Each frame opens a synchronized update and saves the cursor, and closes both; false
    /// leaves that to a caller that puts more in the same update (a sixel image between two
    /// cell frames).
    public var wrapsFrames = true

    /// What the terminal shows now, cell by cell, as it shows it: colours after palette
    /// mapping, glyphs after colourless rendering. Nil before the first frame and after
    /// `invalidate()`.
    public private(set) var displayed: CellGrid?
    /// Where frames are written before being copied out; kept between frames.
    private var scratch: [UInt8] = []

    public init(colorMode: ColorMode = .truecolor, motionTolerance: Int = 10) {
        self.colorMode = colorMode
        self.motionTolerance = motionTolerance
    }

    /// Forgets what the terminal shows, so the next frame is drawn in full (after a resize, a
    /// repaint by another library, or a resume from suspension).
    public mutating func invalidate() {
        displayed = nil
    }

    /// Replaces `out` with the bytes that turn the screen into `frame`; `out` is left empty
    /// when nothing changed.
    public mutating func encode(_ frame: CellGrid, quality: Quality = .exact, into out: inout [UInt8]) {
        if displayed?.columns != frame.columns || displayed?.rows != frame.rows { displayed = nil }
        // Per cell at most: a cursor move, one SGR, a 4-byte glyph; plus the frame's wrapping.
        let capacity = frame.cells.count * (16 + EscapeSequence.longestColours + 4) + 64
        var scratch = self.scratch
        self.scratch = []  // keep the buffer uniquely referenced while it is written
        ByteSink.write(into: &out, scratch: &scratch, capacity: capacity) { sink in encodeCells(frame, quality: quality, into: &sink) }
        self.scratch = scratch
    }

    /// The cells as the terminal shows them once an exact frame is drawn: palette colours in 256
    /// and 16 colours, characters for brightness in none (for measuring what a mode keeps).
    public func shownExactly(_ frame: CellGrid) -> CellGrid {
        let writer = SGRWriter(colorMode: colorMode, tolerance: -1, asciiOnly: asciiOnly, ansi: ansiPalette)
        var shown = frame
        for index in shown.cells.indices { shown.cells[index] = writer.target(for: frame.cells[index]) }
        return shown
    }

    private mutating func encodeCells(_ frame: CellGrid, quality: Quality, into out: inout ByteSink) {
        let full = displayed == nil
        var screen = displayed ?? CellGrid(columns: frame.columns, rows: frame.rows)
        displayed = nil  // keep `screen` uniquely referenced so updating it never copies
        let tolerance = quality == .motion && colorMode == .truecolor ? motionTolerance : -1
        var writer = SGRWriter(colorMode: colorMode, tolerance: tolerance, asciiOnly: asciiOnly, ansi: ansiPalette)
        var cursorRow = -1
        var cursorColumn = -1
        var started = false

        for row in 0..<frame.rows {
            var column = 0
            while column < frame.columns {
                let index = row * frame.columns + column
                var source = frame.cells[index]
                if source.glyph == Cell.continuation {
                    // A wide character shrinks to one ASCII column; the column it covered is a space.
                    guard asciiOnly else {
                        column += 1
                        continue
                    }
                    source.glyph = " "
                }
                if source.glyph == Cell.seeThroughGlyph {
                    // The picture shows through: a space on the default background, once.
                    if !full && screen.cells[index].glyph == Cell.seeThroughGlyph {
                        column += 1
                        continue
                    }
                    begin(&started, &out)
                    Self.moveCursor(fromRow: cursorRow, column: cursorColumn, toRow: row, column: column, out: &out)
                    writer.useDefaultBackground(out: &out)
                    out.append(0x20)
                    screen.cells[index] = source
                    (cursorRow, cursorColumn) = (row, column + 1)
                    column += 1
                    continue
                }
                let target = writer.target(for: source)
                let width = target.glyph == Cell.upperHalfBlock ? 1 : max(DisplayWidth.of(target.glyph), 1)
                if !full && writer.looksUnchanged(screen.cells[index], target) {
                    column += width
                    continue
                }
                begin(&started, &out)
                Self.moveCursor(fromRow: cursorRow, column: cursorColumn, toRow: row, column: column, out: &out)
                let shown = writer.setColours(for: writer.cheapestGlyph(for: target), out: &out)
                out.appendUTF8(shown.glyph)
                screen.cells[index] = shown
                if width == 2 && column + 1 < frame.columns {
                    screen.cells[index + 1] = Cell(glyph: Cell.continuation, foreground: shown.foreground, background: shown.background)
                }
                cursorRow = row
                cursorColumn = column + width
                column += width
            }
        }
        if started {
            if writer.changedAttributes { out.append(contentsOf: EscapeSequence.resetAttributes) }
            if wrapsFrames {
                out.append(contentsOf: EscapeSequence.restoreCursor)
                out.append(contentsOf: EscapeSequence.endSynchronizedUpdate)
            }
        }
        displayed = screen
    }

    /// Opens the frame (synchronized update, cursor saved, when it wraps its frames) before its
    /// first write.
    @inline(__always)
    private func begin(_ started: inout Bool, _ out: inout ByteSink) {
        guard !started else { return }
        if wrapsFrames {
            out.append(contentsOf: EscapeSequence.beginSynchronizedUpdate)
            out.append(contentsOf: EscapeSequence.saveCursor)
        }
        started = true
    }

    @inline(__always)
    private static func moveCursor(fromRow: Int, column fromColumn: Int, toRow: Int, column toColumn: Int, out: inout ByteSink) {
        if fromRow == toRow && fromColumn == toColumn { return }
        if fromRow == toRow && toColumn > fromColumn && toColumn - fromColumn <= 99 && fromColumn >= 0 {
            EscapeSequence.appendCursorForward(toColumn - fromColumn, to: &out)
        } else if toRow == fromRow + 1 && toColumn == 0 && fromRow >= 0 {
            out.append(contentsOf: EscapeSequence.nextLine)
        } else {
            EscapeSequence.appendCursorPosition(row: toRow, column: toColumn, to: &out)
        }
    }
}
