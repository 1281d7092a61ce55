import Explorer

/// Something that arrived from the terminal.
package enum TerminalInput: Equatable, Sendable {
    case key(Key)
    /// A mouse report (SGR encoding, mode 1006), cells counted from 0.
    case pointer(PointerReport)
    /// An answer to one of our queries; never a key, however late it comes.
    case reply(TerminalReply)
}

/// Turns the bytes a terminal sends into keys, mouse reports and replies to our queries, without
/// ncurses. Knows the sequences xterm-like terminals and the Linux console send for the arrows,
/// Home, End, Page Up/Down and Shift-Tab, in both CSI and SS3 forms; mouse reports (SGR, and X10
/// from terminals that ignore mode 1006); and the
/// string sequences (DCS, APC, OSC, PM, SOS) replies come in, which are taken whole, so a reply
/// that arrives late, split across reads or between typed keys is never read as keys. A lone
/// Escape is told from the start of a sequence by time: call `flush()` when nothing more arrived
/// within the escape delay. (Alt chords that send ESC P, ESC _, ESC ], ESC X or ESC ^ start a
/// string and are not keys; the next ESC or the string limit ends it.)
package struct InputDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Longest string sequence kept, bytes; a longer one is thrown away whole.
    static let stringLimit = 4096

    package init() {}

    /// True while bytes wait for the rest of a sequence (or for time to show they are Escape).
    package var isWaiting: Bool { !pending.isEmpty }

    /// What `bytes` complete; unknown sequences and invalid UTF-8 are dropped.
    package mutating func feed(_ bytes: [UInt8]) -> [TerminalInput] {
        pending += bytes
        var inputs: [TerminalInput] = []
        while !pending.isEmpty {
            guard let (input, used) = Self.decodeFirst(pending) else { break }
            pending.removeFirst(used)
            if let input { inputs.append(input) }
        }
        return inputs
    }

    /// The keys among what `bytes` complete (describe mode, which asks nothing).
    package mutating func keys(_ bytes: [UInt8]) -> [Key] {
        feed(bytes).compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    /// The waiting bytes as they are: a lone ESC is Escape; a cut-off sequence is dropped.
    package mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending == [0x1B] ? [.escape] : []
    }

    /// The first input in `bytes` and how many bytes it took, or nil when more bytes are needed.
    /// The input is nil for a complete sequence Sidewalk does not use.
    static func decodeFirst(_ bytes: [UInt8]) -> (TerminalInput?, Int)? {
        let first = bytes[0]
        switch first {
        case 0x1B:
            guard bytes.count >= 2 else { return nil }
            switch bytes[1] {
            case UInt8(ascii: "O"):
                guard bytes.count >= 3 else { return nil }
                return (finalKey(bytes[2]).map { .key($0) }, 3)
            case UInt8(ascii: "["): return controlSequence(bytes)
            case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"), UInt8(ascii: "X"), UInt8(ascii: "^"): return string(bytes)
            default: return (.key(.escape), 1)  // ESC then an ordinary key
            }
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x09: return (.key(.tab), 1)
        case 0x08, 0x7F: return (.key(.backspace), 1)
        case 0x01...0x1A: return (.key(.control(Character(Unicode.Scalar(first + 0x60)))), 1)
        case 0x00...0x1F: return (nil, 1)
        default:
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return nil }
            guard let text = String(validating: bytes[0..<length], as: UTF8.self), let character = text.first,
                !text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) })
            else { return (nil, 1) }
            return (.key(.character(character)), length)
        }
    }

    /// A CSI sequence: parameters 0x30-0x3F, intermediates 0x20-0x2F, a final byte 0x40-0x7E.
    private static func controlSequence(_ bytes: [UInt8]) -> (TerminalInput?, Int)? {
        var end = 2
        while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return bytes.count > 64 ? (nil, bytes.count) : nil }
        let final = bytes[end]
        let parameters = String(decoding: bytes[2..<end], as: UTF8.self)
        if let reply = TerminalReply.fromControlSequence(parameters, final: final) { return (.reply(reply), end + 1) }
        if parameters.isEmpty, final == UInt8(ascii: "M") {
            // X10 encoding (a terminal that ignored mode 1006): three bytes, each value + 32.
            guard bytes.count >= end + 4 else { return nil }
            let (button, column, row) = (Int(bytes[end + 1]) - 32, Int(bytes[end + 2]) - 33, Int(bytes[end + 3]) - 33)
            let report =
                button & 3 == 3 && button & 96 == 0
                ? PointerReport.release(column: column, row: row) : pointer(button: button, column: column, row: row, released: false)
            return (report.map { .pointer($0) }, end + 4)
        }
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let numbers = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3 else { return (nil, end + 1) }
            let report = pointer(button: numbers[0], column: numbers[1] - 1, row: numbers[2] - 1, released: final == UInt8(ascii: "m"))
            return (report.map { .pointer($0) }, end + 1)
        }
        if final == UInt8(ascii: "~") {
            // The key's number; a modifier after it (";5" for Ctrl) is ignored, as on the arrows.
            let key: Key? =
                switch parameters.prefix(while: { $0 != ";" }) {
                case "1", "7": .home
                case "4", "8": .end
                case "5": .pageUp
                case "6": .pageDown
                default: nil
                }
            return (key.map { .key($0) }, end + 1)
        }
        return ((0x40...0x7E).contains(final) ? finalKey(final).map { .key($0) } : nil, end + 1)
    }

    /// A string sequence, ended by ST (`ESC \`) or, as OSC may be, by BEL.
    private static func string(_ bytes: [UInt8]) -> (TerminalInput?, Int)? {
        var index = 2
        while index < bytes.count {
            if bytes[index] == 0x07 { return (reply(bytes[1], Array(bytes[2..<index])), index + 1) }
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.count else { return nil }
                if bytes[index + 1] == UInt8(ascii: "\\") { return (reply(bytes[1], Array(bytes[2..<index])), index + 2) }
                // No reply holds an ESC: this one starts something new, and the string was cut off.
                return (nil, index)
            }
            index += 1
        }
        return bytes.count > stringLimit ? (nil, bytes.count) : nil
    }

    private static func reply(_ introducer: UInt8, _ body: [UInt8]) -> TerminalInput {
        switch introducer {
        case UInt8(ascii: "P"): .reply(.fromDeviceControl(body))
        case UInt8(ascii: "_"): .reply(.fromApplicationCommand(body))
        case UInt8(ascii: "]"): .reply(.fromOperatingSystemCommand(body))
        default: .reply(.unrecognised)
        }
    }

    /// A mouse report of `button` (xterm's code: 0-2 buttons, +32 motion, +64 wheel) at a cell
    /// counted from 0: the main button's press, drag and release, and the wheel; other buttons
    /// are not used.
    private static func pointer(button: Int, column: Int, row: Int, released: Bool) -> PointerReport? {
        guard column >= 0, row >= 0 else { return nil }
        if button & 64 != 0 { return released ? nil : .wheel(up: button & 1 == 0) }
        guard button & 3 == 0 else { return nil }
        if button & 32 != 0 { return .motion(column: column, row: row) }
        return released ? .release(column: column, row: row) : .press(column: column, row: row)
    }

    private static func finalKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "Z"): .backTab
        default: nil
        }
    }
}

extension InputDecoder {
    /// `bytes` decoded a byte at a time, so that the bytes of the terminal's answers can be told
    /// from those typed (`--record-input`): the inputs, and the typed bytes (keys and mouse
    /// reports) in order. A sequence begun in an earlier call keeps only its bytes from this one.
    package mutating func feedTellingTyped(_ bytes: [UInt8]) -> (inputs: [TerminalInput], typed: [UInt8]) {
        var inputs: [TerminalInput] = []
        var typed: [UInt8] = []
        var start = 0
        for index in bytes.indices {
            let done = feed([bytes[index]])
            guard !done.isEmpty else { continue }
            inputs += done
            if done.contains(where: { if case .reply = $0 { false } else { true } }) { typed += bytes[start...index] }
            start = index + 1
        }
        return (inputs, typed)
    }
}
