import PanoCore
import TermRender

/// What a terminal would show, from the bytes a program writes to it: enough of xterm's
/// behaviour for a full-screen program (cursor addressing, erasing with the current background,
/// scrolling, line feeds and wrapping, wide characters, the alternate screen, and colours: the
/// 16, the 256 and direct RGB), with string sequences (OSC, DCS, APC: titles, clipboard, images)
/// read and dropped, or handed to a `PictureSink` that keeps the pictures. It also keeps the modes that change what keys send (DECCKM) and the
/// questions the program asked that a terminal answers. The one terminal model: `sidewalk test`
/// reads its screen, and the tests check the encoder's bytes with it (and it against libvterm).
package struct VirtualScreen: Sendable {
    /// One cell as the terminal shows it.
    package struct Cell: Equatable, Sendable, CustomStringConvertible {
        /// The character; `TermRender.Cell.continuation` for the right half of a wide one.
        package var glyph: Unicode.Scalar
        /// nil is the terminal's default colour.
        package var foreground: RGB?
        package var background: RGB?
        /// The part of a picture (sixel, iTerm2) shown here instead of the glyph; nil for none.
        package var picture: PicturePiece?

        package init(glyph: Unicode.Scalar, foreground: RGB?, background: RGB?, picture: PicturePiece? = nil) {
            (self.glyph, self.foreground, self.background, self.picture) = (glyph, foreground, background, picture)
        }

        package var description: String {
            "\(glyph) \(foreground.map { "\($0)" } ?? "default")/\(background.map { "\($0)" } ?? "default")"
        }
    }

    package let columns: Int
    package let rows: Int
    /// Rows of cells, top first.
    var grid: [[Cell]]
    var (row, column) = (0, 0)
    var saved = (0, 0)
    /// A character written in the last column waits for the next to wrap (DECAWM).
    var wrapPending = false
    var top = 0
    var bottom: Int
    /// The colours text is written in now (SGR); erased cells take the background (as xterm's
    /// background colour erase does).
    var foreground: RGB?
    var background: RGB?
    /// The main screen while the alternate one is shown; nil on the main screen.
    var mainScreen: [[Cell]]?
    /// Bytes of a sequence or character cut off at the end of the last `feed`.
    private var pending: [UInt8] = []
    /// When `pending` is an unterminated string sequence: how many of its bytes are known to
    /// hold no terminator, so the next `feed` reads on from there rather than from its start
    /// (300,000 one-byte events after an open DCS took minutes).
    var stringSearched = 0
    /// True while the program asked for application cursor keys (DECCKM, `ESC [ ? 1 h`).
    package internal(set) var applicationCursorKeys = false
    /// Answers owed to the program (device attributes, cursor position), in order.
    package internal(set) var replies: [[UInt8]] = []
    /// The first 100 sequences the model does not know, as text, so a test can fail on them.
    package internal(set) var unknown: [String] = []
    /// Keeps the pictures sent; nil drops them.
    package var pictures: (any PictureSink)?
    /// The cursor, 0-based.
    package var cursor: (row: Int, column: Int) { (row, column) }

    package init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        bottom = max(1, rows) - 1
        grid = []
        grid = Array(repeating: blankRow, count: self.rows)
    }

    /// The cell at `column`, `row` (0-based).
    package subscript(column: Int, row: Int) -> Cell { grid[row][column] }

    /// Every cell, row after row.
    package var cells: [Cell] { grid.flatMap { $0 } }

    /// The screen's rows, trailing spaces kept, joined by newlines; the right half of a wide
    /// character is no text.
    package var text: String {
        grid.map { line in
            String(String.UnicodeScalarView(line.lazy.map(\.glyph).filter { $0 != TermRender.Cell.continuation }))
        }.joined(separator: "\n")
    }

    /// Takes the answers owed to the program.
    package mutating func takeReplies() -> [UInt8] {
        defer { replies.removeAll() }
        return replies.flatMap { $0 }
    }

    /// Reads what the program wrote.
    package mutating func feed(_ bytes: [UInt8]) {
        // Read from `bytes` itself when nothing is pending (a 60 MB event is not copied), else
        // from what is pending with `bytes` appended in place.
        var input = bytes
        if !pending.isEmpty {
            input = pending
            pending = []
            input += bytes
        }
        var index = 0
        while index < input.count {
            guard let used = step(input[index...]) else { break }
            index += used
        }
        pending = index == 0 ? input : Array(input[index...])
        // A runaway unterminated string sequence is not kept for ever.
        if pending.count > 1 << 20 { (pending, stringSearched) = ([], 0) }
    }

    /// The screen after its terminal was resized to `columns` × `rows`, as tmux keeps it (its
    /// `screen_resize_y`; lines are not reflowed): the cells that still fit, blank ones in the
    /// current background where it grew (as libvterm fills them); where it got shorter, the rows
    /// below the cursor go first, then the top rows, so the cursor's line stays on screen. The
    /// cursor is kept inside, the scrolling region is the whole screen again, and everything else
    /// (the colours, modes, pictures, bytes not yet read) stays.
    package func resized(columns: Int, rows: Int) -> VirtualScreen {
        var screen = VirtualScreen(columns: columns, rows: rows)
        (screen.foreground, screen.background, screen.pending) = (foreground, background, pending)
        let dropped = max(0, row - (screen.rows - 1))
        // New cells take the current background, as erased ones do.
        let blank = screen.blankRow
        func fitted(_ lines: [[Cell]]) -> [[Cell]] {
            (0..<screen.rows).map { index in
                let old = index + dropped < lines.count ? lines[index + dropped] : []
                return Array(old.prefix(screen.columns)) + blank.dropFirst(min(old.count, screen.columns))
            }
        }
        screen.grid = fitted(grid)
        screen.mainScreen = mainScreen.map(fitted)
        (screen.row, screen.column) = (row - dropped, min(column, screen.columns - 1))
        screen.saved = (min(max(saved.0 - dropped, 0), screen.rows - 1), min(saved.1, screen.columns - 1))
        (screen.applicationCursorKeys, screen.replies, screen.unknown) = (applicationCursorKeys, replies, unknown)
        screen.pictures = pictures
        return screen
    }

    /// RIS (`ESC c`): everything as at the start, but the pictures kept.
    mutating func reset() {
        let sink = pictures
        self = VirtualScreen(columns: columns, rows: rows)
        pictures = sink
    }

    /// Acts on the first byte, sequence or character of `bytes`; how many bytes it took, or nil
    /// when more are needed.
    private mutating func step(_ bytes: ArraySlice<UInt8>) -> Int? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return escape(bytes)
        case 0x0D:
            column = 0
            wrapPending = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08:
            column = max(0, column - 1)
            wrapPending = false
        case 0x09:
            column = min(columns - 1, (column / 8 + 1) * 8)
            wrapPending = false
        case 0x00...0x1F, 0x7F: break
        default:
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return nil }
            if let text = String(validating: bytes.prefix(length), as: UTF8.self) { text.unicodeScalars.forEach { put($0) } }
            return length
        }
        return 1
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let width = DisplayWidth.of(scalar)
        guard width > 0 else { return }
        if wrapPending || column + width > columns {
            column = 0
            lineFeed()
        }
        grid[row][column] = Cell(glyph: scalar, foreground: foreground, background: background)
        if width == 2, column + 1 < columns {
            grid[row][column + 1] = Cell(glyph: TermRender.Cell.continuation, foreground: foreground, background: background)
        }
        if column + width >= columns { wrapPending = true } else { column += width }
    }

    mutating func lineFeed() {
        wrapPending = false
        if row == bottom { scroll(up: 1) } else { row = min(rows - 1, row + 1) }
    }

    /// A blank cell in the current background.
    var blank: Cell { Cell(glyph: " ", foreground: nil, background: background) }

    var blankRow: [Cell] { Array(repeating: blank, count: columns) }

    /// Notes a sequence the model does not act on.
    mutating func notKnown(_ sequence: String) {
        if unknown.count < 100 { unknown.append(sequence) }
    }
}
