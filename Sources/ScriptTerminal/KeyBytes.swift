import Explorer
import VirtualTerminal

/// The bytes xterm sends for a key, as the program's modes ask: arrows, Home and End in CSI form,
/// or SS3 form under application cursor keys (DECCKM); with a modifier held (`modifier` above 1:
/// 2 Shift, 3 Alt, 5 Ctrl, and sums), in CSI form with it as the second parameter.
package enum KeyBytes {
    package static func of(_ key: Key, applicationCursorKeys: Bool, modifier: Int = 1) -> [UInt8] {
        func cursor(_ final: Character) -> [UInt8] {
            TerminalSequences.cursorKey(final, application: applicationCursorKeys, modifier: modifier)
        }
        func page(_ number: Int) -> [UInt8] {
            TerminalSequences.tildeKey(number, modifier: modifier)
        }
        switch key {
        case .up: return cursor("A")
        case .down: return cursor("B")
        case .right: return cursor("C")
        case .left: return cursor("D")
        case .home: return cursor("H")
        case .end: return cursor("F")
        case .pageUp: return page(5)
        case .pageDown: return page(6)
        case .enter: return [0x0D]
        case .tab: return [0x09]
        case .backTab: return TerminalSequences.backTab
        case .escape: return [TerminalSequences.escape]
        case .backspace: return [0x7F]
        case .control(let letter): return [UInt8(letter.asciiValue ?? 0x40) & 0x1F]
        case .character(let character): return Array(String(character).utf8)
        }
    }
}
