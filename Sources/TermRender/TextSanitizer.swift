/// The one gate for untrusted text (titles, descriptions, file names, metadata, error text) on
/// its way to the terminal. What comes out holds no C0 or C1 control, no ESC or DEL and no
/// bidirectional override or isolate, so it can neither move the cursor, change modes, set the
/// window title or clipboard, nor reorder the text around it.
public enum TextSanitizer {
    /// Tab, line feed and carriage return become a space; other forbidden scalars become U+FFFD
    /// so the reader can see that something was removed.
    public static func sanitize(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                result.append(" ")
            } else if isForbidden(scalar) {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Decodes untrusted bytes as UTF-8 (invalid sequences become U+FFFD) and sanitises them.
    public static func sanitize(bytes: [UInt8]) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self))
    }

    /// True for scalars that must never reach the terminal.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true // C0, DEL, C1 (including the 8-bit CSI U+009B)
        case 0x061C, 0x200E, 0x200F: return true // ALM, LRM, RLM
        case 0x202A...0x202E: return true // LRE, RLE, PDF, LRO, RLO
        case 0x2066...0x2069: return true // LRI, RLI, FSI, PDI
        default: return false
        }
    }
}
