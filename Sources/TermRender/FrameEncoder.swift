import PanoCore

/// Turns successive cell grids into the bytes that update a terminal showing the previous one:
/// unchanged cells are skipped, colours are sent only when they change (foreground and
/// background in one SGR), and the cheapest cursor move is chosen.
///
/// Each non-empty frame is wrapped in a synchronized update, saves and restores the cursor and
/// ends with default attributes, so a library that shares the terminal (ncurses) still knows
/// where the cursor is and what the pen holds.
public struct FrameEncoder: Sendable {
    private var onScreen: CellGrid?

    public init() {}

    /// Forgets what the terminal shows, so the next frame is drawn in full (after a resize, a
    /// repaint by another library, or a resume from suspension).
    public mutating func invalidate() {
        onScreen = nil
    }

    /// Replaces `out` with the bytes that turn the screen into `frame`; `out` is left empty
    /// when nothing changed.
    public mutating func encode(_ frame: CellGrid, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        if onScreen?.columns != frame.columns || onScreen?.rows != frame.rows {
            onScreen = nil
        }
        let full = onScreen == nil
        var screen = onScreen ?? frame
        onScreen = nil // keep `screen` uniquely referenced so updating it never copies
        var cursorRow = -1
        var cursorColumn = -1
        var pen: (foreground: RGB, background: RGB)?
        var started = false

        for row in 0..<frame.rows {
            var column = 0
            while column < frame.columns {
                let index = row * frame.columns + column
                let cell = frame.cells[index]
                let width = cell.glyph == Cell.continuation ? 0 : DisplayWidth.of(cell.glyph)
                if cell.glyph == Cell.continuation || (!full && screen.cells[index] == cell) {
                    column += 1
                    continue
                }
                if !started {
                    out.append(contentsOf: EscapeSequence.beginSynchronizedUpdate)
                    out.append(contentsOf: EscapeSequence.saveCursor)
                    started = true
                }
                moveCursor(fromRow: cursorRow, column: cursorColumn, toRow: row, column: column, out: &out)
                let foregroundChanged = pen?.foreground != cell.foreground
                let backgroundChanged = pen?.background != cell.background
                if foregroundChanged || backgroundChanged {
                    EscapeSequence.appendTruecolor(
                        foreground: foregroundChanged ? cell.foreground : nil,
                        background: backgroundChanged ? cell.background : nil,
                        to: &out
                    )
                    pen = (cell.foreground, cell.background)
                }
                appendUTF8(cell.glyph, to: &out)
                screen.cells[index] = cell
                if width == 2 && column + 1 < frame.columns {
                    screen.cells[index + 1] = frame.cells[index + 1]
                }
                cursorRow = row
                cursorColumn = column + max(width, 1)
                column += max(width, 1)
            }
        }
        if started {
            out.append(contentsOf: EscapeSequence.resetAttributes)
            out.append(contentsOf: EscapeSequence.restoreCursor)
            out.append(contentsOf: EscapeSequence.endSynchronizedUpdate)
        }
        onScreen = screen
    }

    private func moveCursor(fromRow: Int, column fromColumn: Int, toRow: Int, column toColumn: Int, out: inout [UInt8]) {
        if fromRow == toRow && fromColumn == toColumn { return }
        if fromRow == toRow && toColumn > fromColumn && toColumn - fromColumn <= 99 && fromColumn >= 0 {
            EscapeSequence.appendCursorForward(toColumn - fromColumn, to: &out)
        } else if toRow == fromRow + 1 && toColumn == 0 && fromRow >= 0 {
            out.append(contentsOf: EscapeSequence.nextLine)
        } else {
            EscapeSequence.appendCursorPosition(row: toRow, column: toColumn, to: &out)
        }
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            out.append(UInt8(value))
        } else if value < 0x800 {
            out.append(0xC0 | UInt8(value >> 6))
            out.append(0x80 | UInt8(value & 0x3F))
        } else if value < 0x10000 {
            out.append(0xE0 | UInt8(value >> 12))
            out.append(0x80 | UInt8((value >> 6) & 0x3F))
            out.append(0x80 | UInt8(value & 0x3F))
        } else {
            out.append(0xF0 | UInt8(value >> 18))
            out.append(0x80 | UInt8((value >> 12) & 0x3F))
            out.append(0x80 | UInt8((value >> 6) & 0x3F))
            out.append(0x80 | UInt8(value & 0x3F))
        }
    }
}

