import Explorer

/// The bytes xterm sends for a key, as the program's modes ask: arrows, Home and End in CSI form,
/// or SS3 form under application cursor keys (DECCKM).
public enum KeyBytes {
    public static func of(_ key: Key, applicationCursorKeys: Bool) -> [UInt8] {
        func cursor(_ final: Character) -> [UInt8] {
            [0x1B, applicationCursorKeys ? UInt8(ascii: "O") : UInt8(ascii: "["), UInt8(ascii: final.unicodeScalars.first!)]
        }
        switch key {
        case .up: return cursor("A")
        case .down: return cursor("B")
        case .right: return cursor("C")
        case .left: return cursor("D")
        case .home: return cursor("H")
        case .end: return cursor("F")
        case .pageUp: return Array("\u{1B}[5~".utf8)
        case .pageDown: return Array("\u{1B}[6~".utf8)
        case .enter: return [0x0D]
        case .tab: return [0x09]
        case .backTab: return Array("\u{1B}[Z".utf8)
        case .escape: return [0x1B]
        case .backspace: return [0x7F]
        case let .control(letter): return [UInt8(letter.asciiValue ?? 0x40) & 0x1F]
        case let .character(character): return Array(String(character).utf8)
        }
    }
}
