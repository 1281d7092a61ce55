import CNcursesw
import Explorer

/// One thing read from the keyboard side of the terminal.
enum TerminalInput: Equatable {
    case key(Key)
    /// The terminal changed size.
    case resize
}

extension TerminalInput {
    /// Translates what `wget_wch` returned; nil for codes Sidewalk does not use.
    static func decode(status: Int32, code: UInt32) -> TerminalInput? {
        if status == KEY_CODE_YES {
            switch Int32(code) {
            case KEY_RESIZE: return .resize
            case KEY_LEFT: return .key(.left)
            case KEY_RIGHT: return .key(.right)
            case KEY_UP: return .key(.up)
            case KEY_DOWN: return .key(.down)
            case KEY_ENTER: return .key(.enter)
            case KEY_BTAB: return .key(.backTab)
            case KEY_BACKSPACE: return .key(.backspace)
            case KEY_PPAGE: return .key(.pageUp)
            case KEY_NPAGE: return .key(.pageDown)
            case KEY_HOME: return .key(.home)
            case KEY_END: return .key(.end)
            default: return nil
            }
        }
        guard status == OK else { return nil }
        switch code {
        case 0x0A, 0x0D: return .key(.enter)
        case 0x09: return .key(.tab)
        case 0x1B: return .key(.escape)
        case 0x08, 0x7F: return .key(.backspace)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(code + 0x60)!)))
        default:
            guard let scalar = Unicode.Scalar(code), scalar.value >= 0x20 else { return nil }
            return .key(.character(Character(scalar)))
        }
    }
}
