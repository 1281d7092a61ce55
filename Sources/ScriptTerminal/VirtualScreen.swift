import TermRender

/// What a terminal would show, from the bytes a program writes to it: enough of xterm's
/// behaviour for a full-screen program (cursor addressing, erasing, scrolling, line feeds and
/// wrapping, wide characters, the alternate screen), with colours and string sequences (OSC,
/// DCS, APC: titles, clipboard, images) read and dropped. It also keeps the modes that change
/// what keys send (DECCKM) and the questions the program asked that a terminal answers.
public struct VirtualScreen: Sendable {
    public let columns: Int
    public let rows: Int
    /// Each cell's text; "" for the right half of a wide character.
    private var cells: [[String]]
    private var (row, column) = (0, 0)
    private var saved = (0, 0)
    /// A character written in the last column waits for the next to wrap (DECAWM).
    private var wrapPending = false
    private var top = 0
    private var bottom: Int
    /// Bytes of a sequence or character cut off at the end of the last `feed`.
    private var pending: [UInt8] = []
    /// True while the program asked for application cursor keys (DECCKM, `ESC [ ? 1 h`).
    public private(set) var applicationCursorKeys = false
    /// Answers owed to the program (device attributes, cursor position), in order.
    public private(set) var replies: [[UInt8]] = []

    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        cells = Array(repeating: Array(repeating: " ", count: max(1, columns)), count: max(1, rows))
        bottom = max(1, rows) - 1
    }

    /// The screen's rows, trailing spaces kept, joined by newlines.
    public var text: String {
        cells.map { $0.joined() }.joined(separator: "\n")
    }

    /// Takes the answers owed to the program.
    public mutating func takeReplies() -> [UInt8] {
        defer { replies.removeAll() }
        return replies.flatMap { $0 }
    }

    /// Reads what the program wrote.
    public mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let used = step(pending[index...]) else { break }
            index += used
        }
        pending.removeFirst(index)
        // A runaway unterminated string sequence is not kept for ever.
        if pending.count > 1 << 20 { pending.removeAll() }
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
        cells[row][column] = String(scalar)
        if width == 2, column + 1 < columns { cells[row][column + 1] = "" }
        if column + width >= columns { wrapPending = true } else { column += width }
    }

    private mutating func lineFeed() {
        wrapPending = false
        if row == bottom { scroll(up: 1) } else { row = min(rows - 1, row + 1) }
    }

    private mutating func scroll(up count: Int) {
        for _ in 0..<max(0, min(count, bottom - top + 1)) {
            cells.remove(at: top)
            cells.insert(blankRow, at: bottom)
        }
    }

    private mutating func scroll(down count: Int) {
        for _ in 0..<max(0, min(count, bottom - top + 1)) {
            cells.remove(at: bottom)
            cells.insert(blankRow, at: top)
        }
    }

    private var blankRow: [String] { Array(repeating: " ", count: columns) }

    /// An escape sequence; how many bytes it took, or nil when more are needed.
    private mutating func escape(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 2 else { return nil }
        let second = bytes[bytes.startIndex + 1]
        switch second {
        case UInt8(ascii: "["): return controlSequence(bytes)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"): return stringSequence(bytes)
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "#"):
            return bytes.count >= 3 ? 3 : nil
        case UInt8(ascii: "7"): saved = (row, column)
        case UInt8(ascii: "8"):
            (row, column) = saved
            wrapPending = false
        case UInt8(ascii: "M"): if row == top { scroll(down: 1) } else { row = max(0, row - 1) }
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"):
            column = 0
            lineFeed()
        case UInt8(ascii: "c"): self = VirtualScreen(columns: columns, rows: rows)
        default: break  // keypad modes and the like
        }
        return 2
    }

    /// A string sequence (OSC, DCS, APC, PM, SOS), to BEL or ST; dropped.
    private func stringSequence(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex + 2
        while index < bytes.endIndex {
            if bytes[index] == 0x07 { return index - bytes.startIndex + 1 }
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.endIndex else { return nil }
                if bytes[index + 1] == UInt8(ascii: "\\") { return index - bytes.startIndex + 2 }
            }
            index += 1
        }
        return nil
    }

    /// `ESC [` parameters, intermediates, final byte.
    private mutating func controlSequence(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex + 2
        while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return nil }
        let body = String(decoding: bytes[(bytes.startIndex + 2)..<index], as: UTF8.self)
        let private_ = body.first.map { "?>=<".contains($0) } ?? false
        let numbers = (private_ ? String(body.dropFirst()) : body).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0.prefix { $0.isNumber }) }
        func parameter(_ i: Int, _ fallback: Int) -> Int {
            i < numbers.count ? (numbers[i].map { $0 == 0 ? fallback : $0 } ?? fallback) : fallback
        }
        wrapPending = false
        switch Character(Unicode.Scalar(bytes[index])) {
        case "H", "f": (row, column) = (clampRow(parameter(0, 1) - 1), clampColumn(parameter(1, 1) - 1))
        case "A": row = max(top, row - parameter(0, 1))
        case "B": row = min(bottom, row + parameter(0, 1))
        case "C": column = clampColumn(column + parameter(0, 1))
        case "D": column = clampColumn(column - parameter(0, 1))
        case "G", "`": column = clampColumn(parameter(0, 1) - 1)
        case "d": row = clampRow(parameter(0, 1) - 1)
        case "J": erase(display: numbers.first.flatMap { $0 } ?? 0)
        case "K": erase(line: numbers.first.flatMap { $0 } ?? 0)
        case "X": for c in column..<min(columns, column + parameter(0, 1)) { cells[row][c] = " " }
        case "@":
            let count = min(parameter(0, 1), columns - column)
            cells[row].insert(contentsOf: Array(repeating: " ", count: count), at: column)
            cells[row].removeLast(count)
        case "P":
            let count = min(parameter(0, 1), columns - column)
            cells[row].removeSubrange(column..<(column + count))
            cells[row] += Array(repeating: " ", count: count)
        case "L":
            if (top...bottom).contains(row) {
                for _ in 0..<min(parameter(0, 1), rows) {
                    cells.remove(at: bottom)
                    cells.insert(blankRow, at: row)
                }
            }
        case "M":
            if (top...bottom).contains(row) {
                for _ in 0..<min(parameter(0, 1), rows) {
                    cells.remove(at: row)
                    cells.insert(blankRow, at: bottom)
                }
            }
        case "S": scroll(up: parameter(0, 1))
        case "T": scroll(down: parameter(0, 1))
        case "r":
            (top, bottom) = (clampRow(parameter(0, 1) - 1), clampRow(parameter(1, rows) - 1))
            if top >= bottom { (top, bottom) = (0, rows - 1) }
            (row, column) = (0, 0)
        case "h" where private_: setModes(numbers.compactMap { $0 }, on: true)
        case "l" where private_: setModes(numbers.compactMap { $0 }, on: false)
        case "c" where !body.hasPrefix(">") && !body.hasPrefix("="): replies.append(TerminalSequences.deviceAttributes)
        case "n" where numbers.first == 5: replies.append(TerminalSequences.statusOK)
        case "n" where numbers.first == 6: replies.append(TerminalSequences.cursorPosition(row: row + 1, column: column + 1))
        default: break  // colours (m) and everything else that does not move text
        }
        return index - bytes.startIndex + 1
    }

    private mutating func setModes(_ modes: [Int], on: Bool) {
        for mode in modes {
            switch mode {
            case 1: applicationCursorKeys = on
            case 47, 1047, 1049:
                cells = Array(repeating: blankRow, count: rows)
                if mode == 1049 && on { saved = (row, column) }
            default: break
            }
        }
    }

    private mutating func erase(display mode: Int) {
        switch mode {
        case 0:
            erase(line: 0)
            for r in (row + 1)..<rows { cells[r] = blankRow }
        case 1:
            erase(line: 1)
            for r in 0..<row { cells[r] = blankRow }
        default: cells = Array(repeating: blankRow, count: rows)
        }
    }

    private mutating func erase(line mode: Int) {
        let range = mode == 0 ? column..<columns : mode == 1 ? 0..<min(columns, column + 1) : 0..<columns
        for c in range { cells[row][c] = " " }
    }

    private func clampRow(_ value: Int) -> Int { min(max(value, 0), rows - 1) }
    private func clampColumn(_ value: Int) -> Int { min(max(value, 0), columns - 1) }
}
