import PanoCore
import TermRender

/// A small terminal model that applies the escape subset Sidewalk emits to a cell grid, so tests
/// can check that the bytes really produce the intended screen. It understands: UTF-8 text
/// (wide characters take two columns), CR, LF, CUP (CSI r;c H), CUF (CSI n C), SGR (0, 30–37,
/// 39, 40–47, 49, 90–97, 100–107, 38/48;5;n, 38/48;2;r;g;b), DECSC/DECRC (ESC 7/8) and private
/// modes (CSI ? n h/l, ignored). Anything else is recorded in `unknown`, so a test can fail on it.
public struct VirtualTerminal {
    public struct Cell: Equatable, CustomStringConvertible {
        public var glyph: Unicode.Scalar
        /// nil is the terminal's default colour.
        public var foreground: RGB?
        public var background: RGB?
        public var description: String { "\(glyph) \(foreground.map { "\($0)" } ?? "default")/\(background.map { "\($0)" } ?? "default")" }
    }

    public let columns: Int
    public let rows: Int
    public private(set) var cells: [Cell]
    /// Sequences the model does not know, as text.
    public private(set) var unknown: [String] = []
    private var row = 0
    private var column = 0
    private var pendingWrap = false
    private var foreground: RGB?
    private var background: RGB?
    private var saved: (row: Int, column: Int, foreground: RGB?, background: RGB?) = (0, 0, nil, nil)
    private var decoder = UTF8Decoder()

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Cell(glyph: " ", foreground: nil, background: nil), count: columns * rows)
    }

    public subscript(column: Int, row: Int) -> Cell { cells[row * columns + column] }

    /// Applies bytes written to the terminal.
    public mutating func apply(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B {
                i = escape(bytes, from: i + 1)
                continue
            }
            i += 1
            switch byte {
            case 0x0D:
                column = 0
                pendingWrap = false
            case 0x0A:
                row = min(row + 1, rows - 1)
                pendingWrap = false
            default:
                if let scalar = decoder.feed(byte) { put(scalar) }
            }
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        if pendingWrap {
            column = 0
            row = min(row + 1, rows - 1)
            pendingWrap = false
        }
        let width = max(DisplayWidth.of(scalar), 1)
        cells[row * columns + column] = Cell(glyph: scalar, foreground: foreground, background: background)
        if width == 2 && column + 1 < columns {
            cells[row * columns + column + 1] = Cell(glyph: TermRender.Cell.continuation, foreground: foreground, background: background)
        }
        if column + width >= columns {
            column = columns - 1
            pendingWrap = true
        } else {
            column += width
        }
    }

    /// Handles the sequence after an ESC at `start`; returns the index after it.
    private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case 0x37:
            saved = (row, column, foreground, background)
            return start + 1
        case 0x38:
            (row, column, foreground, background) = saved
            pendingWrap = false
            return start + 1
        case 0x5B:
            var end = start + 1
            while end < bytes.count && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return end }
            let body = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
            control(body, final: bytes[end])
            return end + 1
        default:
            unknown.append("ESC \(bytes[start])")
            return start + 1
        }
    }

    private mutating func control(_ body: String, final: UInt8) {
        if body.hasPrefix("?") && (final == 0x68 || final == 0x6C) { return }
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case 0x48:  // CUP
            row = max(1, numbers.first ?? 1) - 1
            column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
            pendingWrap = false
        case 0x43:  // CUF
            column = min(column + max(1, numbers.first ?? 1), columns - 1)
            pendingWrap = false
        case 0x6D:
            graphics(numbers)
        default:
            unknown.append("CSI \(body) \(Character(Unicode.Scalar(final)))")
        }
    }

    private mutating func graphics(_ numbers: [Int]) {
        var i = 0
        while i < numbers.count {
            let n = numbers[i]
            switch n {
            case 0:
                foreground = nil
                background = nil
            case 30...37: foreground = ColorPalette.ansi16[n - 30]
            case 90...97: foreground = ColorPalette.ansi16[n - 90 + 8]
            case 40...47: background = ColorPalette.ansi16[n - 40]
            case 100...107: background = ColorPalette.ansi16[n - 100 + 8]
            case 39: foreground = nil
            case 49: background = nil
            case 38, 48:
                var colour: RGB?
                if i + 2 < numbers.count && numbers[i + 1] == 5 {
                    let index = numbers[i + 2]
                    colour = index < 16 ? ColorPalette.ansi16[index] : ColorPalette.xterm256[index]
                    i += 2
                } else if i + 4 < numbers.count && numbers[i + 1] == 2 {
                    colour = RGB(UInt8(numbers[i + 2]), UInt8(numbers[i + 3]), UInt8(numbers[i + 4]))
                    i += 4
                } else {
                    unknown.append("SGR \(numbers)")
                }
                if n == 38 { foreground = colour } else { background = colour }
            default:
                unknown.append("SGR \(n)")
            }
            i += 1
        }
    }
}

/// Incremental UTF-8 decoding, one byte at a time.
struct UTF8Decoder {
    private var value: UInt32 = 0
    private var remaining = 0

    mutating func feed(_ byte: UInt8) -> Unicode.Scalar? {
        if remaining > 0 && byte & 0xC0 == 0x80 {
            value = value << 6 | UInt32(byte & 0x3F)
            remaining -= 1
            return remaining == 0 ? Unicode.Scalar(value) : nil
        }
        switch byte {
        case 0x00..<0x80:
            remaining = 0
            return Unicode.Scalar(byte)
        case 0xC0..<0xE0:
            value = UInt32(byte & 0x1F)
            remaining = 1
        case 0xE0..<0xF0:
            value = UInt32(byte & 0x0F)
            remaining = 2
        default:
            value = UInt32(byte & 0x07)
            remaining = 3
        }
        return nil
    }
}
