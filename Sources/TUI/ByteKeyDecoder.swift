import Explorer

/// Turns bytes typed at a terminal into keys, without ncurses (describe mode reads stdin
/// itself and never takes over the screen). Knows the sequences xterm-like terminals and the
/// Linux console send for the arrows, Home, End, Page Up/Down and Shift-Tab, in both CSI and
/// SS3 forms. A lone Escape is told from the start of a sequence by time: call `flush()` when
/// nothing more arrived within the escape delay.
public struct ByteKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// True while bytes wait for the rest of a sequence (or for time to show they are Escape).
    public var isWaiting: Bool { !pending.isEmpty }

    /// The keys completed by `bytes`; unknown sequences and invalid UTF-8 are dropped.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while !pending.isEmpty {
            guard let (key, used) = Self.decodeFirst(pending) else { break }
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// The waiting bytes as they are: a lone ESC is Escape; a cut-off sequence is dropped.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending == [0x1B] ? [.escape] : []
    }

    /// The first key in `bytes` and how many bytes it took, or nil when more bytes are needed.
    /// The key is nil for a complete sequence Sidewalk does not use.
    static func decodeFirst(_ bytes: [UInt8]) -> (Key?, Int)? {
        let first = bytes[0]
        switch first {
        case 0x1B:
            guard bytes.count >= 2 else { return nil }
            if bytes[1] == UInt8(ascii: "O") {
                guard bytes.count >= 3 else { return nil }
                return (finalKey(bytes[2]), 3)
            }
            guard bytes[1] == UInt8(ascii: "[") else { return (.escape, 1) } // ESC then an ordinary key
            // CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, a final byte 0x40-0x7E.
            var end = 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return bytes.count > 64 ? (nil, bytes.count) : nil }
            let final = bytes[end]
            let parameters = String(decoding: bytes[2..<end], as: UTF8.self)
            if final == UInt8(ascii: "~") {
                let key: Key? = switch parameters {
                case "1", "7": .home
                case "4", "8": .end
                case "5": .pageUp
                case "6": .pageDown
                default: nil
                }
                return (key, end + 1)
            }
            return ((0x40...0x7E).contains(final) ? finalKey(final) : nil, end + 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x08, 0x7F: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00...0x1F: return (nil, 1)
        default:
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return nil }
            guard let text = String(validating: bytes[0..<length], as: UTF8.self), let character = text.first,
                  !text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else { return (nil, 1) }
            return (.character(character), length)
        }
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
