/// Escape sequences: cursor movement, erasing, scrolling, modes, string sequences and the
/// questions a terminal answers.
extension VirtualScreen {
    /// An escape sequence; how many bytes it took, or nil when more are needed.
    mutating func escape(_ bytes: ArraySlice<UInt8>) -> Int? {
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
        case UInt8(ascii: "c"): reset()
        case UInt8(ascii: "="), UInt8(ascii: ">"): break  // keypad modes: what keys send, not what is shown
        default: notKnown("ESC \(Character(Unicode.Scalar(second)))")
        }
        return 2
    }

    /// A string sequence (OSC, DCS, APC, PM, SOS), to BEL or ST: handed to `pictures`, or dropped.
    private mutating func stringSequence(_ bytes: ArraySlice<UInt8>) -> Int? {
        // A sequence left pending starts the next feed's bytes; an ESC may have ended the last.
        var index = bytes.startIndex + max(2, stringSearched - 1)
        stringSearched = 0
        while index < bytes.endIndex {
            if bytes[index] == 0x07 {
                place(bytes[(bytes.startIndex + 1)..<index])
                return index - bytes.startIndex + 1
            }
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.endIndex else {
                    stringSearched = index - bytes.startIndex
                    return nil
                }
                if bytes[index + 1] == UInt8(ascii: "\\") {
                    place(bytes[(bytes.startIndex + 1)..<index])
                    return index - bytes.startIndex + 2
                }
            }
            index += 1
        }
        stringSearched = bytes.count
        return nil
    }

    /// Hands a string sequence's body to `pictures`, and shows the picture it draws into the
    /// cells: each covered cell shows its piece, in the current background, until written over.
    private mutating func place(_ body: ArraySlice<UInt8>) {
        guard var sink = pictures else { return }
        pictures = nil  // so the sink is not copied while it changes
        let placed = sink.take(body, row: row, column: column, columns: columns, rows: rows)
        pictures = sink
        guard let placed else { return }
        for r in row..<min(rows, row + placed.rows) {
            for c in column..<min(columns, column + placed.columns) {
                let piece = PicturePiece(image: placed.image, column: c - column, row: r - row)
                grid[r][c] = Cell(glyph: " ", foreground: nil, background: background, picture: piece)
            }
        }
        guard let after = placed.cursorAfter else { return }
        for _ in 0..<max(0, after.rowsDown) { lineFeed() }
        column = min(max(after.column, 0), columns - 1)
        wrapPending = false
    }

    /// `ESC [` parameters, intermediates, final byte.
    private mutating func controlSequence(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex + 2
        while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return nil }
        let body = String(decoding: bytes[(bytes.startIndex + 2)..<index], as: UTF8.self)
        let marked = body.first.map { "?>=<".contains($0) } ?? false
        let numbers = (marked ? String(body.dropFirst()) : body).split(separator: ";", omittingEmptySubsequences: false)
            .map(Self.parameterValue)
        let final = Character(Unicode.Scalar(bytes[index]))
        if final == "m" && !marked {
            graphics(numbers)
        } else if !(marked
            ? answer(final, body: body, numbers: numbers)
            : move(final, numbers) || edit(final, numbers) || answer(final, body: body, numbers: numbers))
        {
            notKnown("CSI \(body) \(final)")
        }
        return index - bytes.startIndex + 1
    }

    /// The largest value a parameter takes: a larger one counts as this, as in xterm (which
    /// caps parameters at 65535), so no count or position from a program can overflow.
    package static let largestParameter = 65_535

    /// A parameter's leading ASCII digits as a number in 0...`largestParameter`; nil when it
    /// has none.
    package static func parameterValue(_ text: Substring) -> Int? {
        var value: Int?
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
            value = min((value ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), largestParameter)
        }
        return value
    }

    /// The `index`th parameter, or `fallback` when it is missing or 0.
    private func parameter(_ numbers: [Int?], _ index: Int, _ fallback: Int) -> Int {
        index < numbers.count ? (numbers[index].map { $0 == 0 ? fallback : $0 } ?? fallback) : fallback
    }

    /// Cursor movement and the scrolling region; false when `final` is none of them.
    private mutating func move(_ final: Character, _ numbers: [Int?]) -> Bool {
        let count = parameter(numbers, 0, 1)
        switch final {
        case "H", "f": (row, column) = (clampRow(count - 1), clampColumn(parameter(numbers, 1, 1) - 1))
        case "A": row = max(top, row - count)
        case "B": row = min(bottom, row + count)
        case "C": column = clampColumn(column + count)
        case "D": column = clampColumn(column - count)
        case "G", "`": column = clampColumn(count - 1)
        case "d": row = clampRow(count - 1)
        case "r":
            (top, bottom) = (clampRow(count - 1), clampRow(parameter(numbers, 1, rows) - 1))
            if top >= bottom { (top, bottom) = (0, rows - 1) }
            (row, column) = (0, 0)
        default: return false
        }
        wrapPending = false
        return true
    }

    /// Erasing, inserting, deleting and scrolling; false when `final` is none of them.
    private mutating func edit(_ final: Character, _ numbers: [Int?]) -> Bool {
        let count = parameter(numbers, 0, 1)
        switch final {
        case "J": erase(display: numbers.first.flatMap { $0 } ?? 0)
        case "K": erase(line: numbers.first.flatMap { $0 } ?? 0)
        case "X": for c in column..<min(columns, column + count) { grid[row][c] = blank }
        case "@":
            let shift = min(count, columns - column)
            grid[row].insert(contentsOf: Array(repeating: blank, count: shift), at: column)
            grid[row].removeLast(shift)
        case "P":
            let shift = min(count, columns - column)
            grid[row].removeSubrange(column..<(column + shift))
            grid[row] += Array(repeating: blank, count: shift)
        case "L", "M":
            guard (top...bottom).contains(row) else { break }
            for _ in 0..<min(count, rows) {
                grid.remove(at: final == "L" ? bottom : row)
                grid.insert(blankRow, at: final == "L" ? row : bottom)
            }
        case "S": scroll(up: count)
        case "T": scroll(down: count)
        default: return false
        }
        wrapPending = false
        return true
    }

    /// Modes and the questions a terminal answers; false when the sequence is none of them.
    private mutating func answer(_ final: Character, body: String, numbers: [Int?]) -> Bool {
        let marked = body.hasPrefix("?")
        switch final {
        case "h" where marked: setModes(numbers.compactMap { $0 }, on: true)
        case "l" where marked: setModes(numbers.compactMap { $0 }, on: false)
        case "h", "l": break  // ANSI modes (insert, line feed): Sidewalk sets none
        case "c" where !body.hasPrefix(">") && !body.hasPrefix("="): replies.append(TerminalSequences.deviceAttributes)
        case "c", "q", "t", "u", "p": break  // other questions (version, window, keyboard) go unanswered, as many terminals leave them
        case "n" where numbers.first == 5: replies.append(TerminalSequences.statusOK)
        case "n" where numbers.first == 6: replies.append(TerminalSequences.cursorPosition(row: row + 1, column: column + 1))
        case "S" where marked: break  // XTSMGRAPHICS (sixel geometry): unanswered
        default: return false
        }
        return true
    }

    private mutating func setModes(_ modes: [Int], on: Bool) {
        for mode in modes {
            switch mode {
            case 1: applicationCursorKeys = on
            case 47, 1047, 1049:
                // The alternate screen starts blank; leaving it shows the main screen as it was.
                if on, mainScreen == nil {
                    mainScreen = grid
                    if mode == 1049 { saved = (row, column) }
                    grid = Array(repeating: blankRow, count: rows)
                } else if !on, let main = mainScreen {
                    grid = main
                    mainScreen = nil
                    if mode == 1049 { (row, column) = saved }
                }
            default: break
            }
        }
    }

    mutating func scroll(up count: Int) {
        for _ in 0..<max(0, min(count, bottom - top + 1)) {
            grid.remove(at: top)
            grid.insert(blankRow, at: bottom)
        }
    }

    mutating func scroll(down count: Int) {
        for _ in 0..<max(0, min(count, bottom - top + 1)) {
            grid.remove(at: bottom)
            grid.insert(blankRow, at: top)
        }
    }

    private mutating func erase(display mode: Int) {
        switch mode {
        case 0:
            erase(line: 0)
            for r in (row + 1)..<rows { grid[r] = blankRow }
        case 1:
            erase(line: 1)
            for r in 0..<row { grid[r] = blankRow }
        default: grid = Array(repeating: blankRow, count: rows)
        }
    }

    private mutating func erase(line mode: Int) {
        let range = mode == 0 ? column..<columns : mode == 1 ? 0..<min(columns, column + 1) : 0..<columns
        for c in range { grid[row][c] = blank }
    }

    private func clampRow(_ value: Int) -> Int { min(max(value, 0), rows - 1) }
    private func clampColumn(_ value: Int) -> Int { min(max(value, 0), columns - 1) }
}
