import PanoCore

/// Every escape sequence Sidewalk sends, in one table, appended as bytes without building strings.
public enum EscapeSequence {
    static let escape: UInt8 = 0x1B
    static let controlSequenceIntroducer: [UInt8] = [0x1B, 0x5B]

    /// DECSC: save cursor position and attributes.
    public static let saveCursor: [UInt8] = [0x1B, 0x37]
    /// DECRC: restore what DECSC saved.
    public static let restoreCursor: [UInt8] = [0x1B, 0x38]
    /// SGR 0: default colours and attributes.
    public static let resetAttributes: [UInt8] = Array("\u{1B}[0m".utf8)
    /// Begin synchronized update (mode 2026): the terminal shows the frame only when it ends.
    public static let beginSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026h".utf8)
    /// End synchronized update (mode 2026).
    public static let endSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026l".utf8)
    /// Carriage return and line feed: to the start of the next row.
    public static let nextLine: [UInt8] = [0x0D, 0x0A]

    /// CUP: move the cursor to a zero-based row and column.
    @inlinable
    public static func appendCursorPosition(row: Int, column: Int, to out: inout [UInt8]) {
        out.append(0x1B)
        out.append(0x5B)
        appendDecimal(row + 1, to: &out)
        out.append(0x3B)
        appendDecimal(column + 1, to: &out)
        out.append(0x48)
    }

    /// CUF: move the cursor right by `count` >= 1 columns.
    @inlinable
    public static func appendCursorForward(_ count: Int, to out: inout [UInt8]) {
        out.append(0x1B)
        out.append(0x5B)
        if count != 1 { appendDecimal(count, to: &out) }
        out.append(0x43)
    }

    /// SGR with 24-bit colours; either colour may be omitted, at least one must be given.
    @inlinable
    public static func appendTruecolor(foreground: RGB?, background: RGB?, to out: inout [UInt8]) {
        out.append(0x1B)
        out.append(0x5B)
        if let foreground {
            out.append(contentsOf: [0x33, 0x38, 0x3B, 0x32, 0x3B]) // "38;2;"
            appendRGB(foreground, to: &out)
        }
        if let background {
            if foreground != nil { out.append(0x3B) }
            out.append(contentsOf: [0x34, 0x38, 0x3B, 0x32, 0x3B]) // "48;2;"
            appendRGB(background, to: &out)
        }
        out.append(0x6D)
    }

    @inlinable
    static func appendRGB(_ colour: RGB, to out: inout [UInt8]) {
        appendDecimal(Int(colour.r), to: &out)
        out.append(0x3B)
        appendDecimal(Int(colour.g), to: &out)
        out.append(0x3B)
        appendDecimal(Int(colour.b), to: &out)
    }

    /// Appends a non-negative integer in decimal ASCII.
    @inlinable
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &out) }
        out.append(0x30 + UInt8(value % 10))
    }
}
