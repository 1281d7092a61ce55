import CNcursesw
import Explorer

/// Translates what ncurses' `wget_wch` returns into keys.
enum KeyDecoder {
    /// The key for a `wget_wch` status and code; nil for codes Sidewalk does not use.
    static func decode(status: Int32, code: UInt32) -> Key? {
        if status == KEY_CODE_YES {
            switch Int32(code) {
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_ENTER: return .enter
            case KEY_BTAB: return .backTab
            case KEY_BACKSPACE: return .backspace
            case KEY_PPAGE: return .pageUp
            case KEY_NPAGE: return .pageDown
            case KEY_HOME: return .home
            case KEY_END: return .end
            default: return nil
            }
        }
        guard status == OK else { return nil }
        switch code {
        case 0x0A, 0x0D: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x08, 0x7F: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(code + 0x60)!))
        default:
            guard let scalar = Unicode.Scalar(code), scalar.value >= 0x20 else { return nil }
            return .character(Character(scalar))
        }
    }
}
