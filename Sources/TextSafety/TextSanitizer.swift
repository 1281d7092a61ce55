/// The one gate for untrusted text (titles, descriptions, file names, metadata, error text) on
/// its way to the terminal. What comes out holds no C0 or C1 control, no ESC or DEL and no
/// bidirectional override or isolate, so it can neither move the cursor, change modes, set the
/// window title or clipboard, nor reorder the text around it.
package enum TextSanitizer {
    /// Tab, line feed and carriage return become a space; other forbidden scalars become U+FFFD
    /// so the reader can see that something was removed.
    ///
    /// With `showingInvisible` (for error messages, where an id must be recognisable), characters
    /// that draw nothing (zero-width space and joiners, the byte order mark, soft hyphens,
    /// variation selectors: Unicode's default-ignorable code points) are written as `<U+200B>`.
    package static func sanitize(_ text: String, showingInvisible: Bool = false) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                result.append(" ")
            } else if isForbidden(scalar) {
                result.append("\u{FFFD}")
            } else if showingInvisible && scalar.properties.isDefaultIgnorableCodePoint {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result.append(contentsOf: "<U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)>".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Decodes untrusted bytes as UTF-8 (invalid sequences become U+FFFD) and sanitises them.
    package static func sanitize(bytes: [UInt8]) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self))
    }

    /// True for scalars that must never reach the terminal (`ControlCharacters`).
    package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacters.isForbidden(scalar)
    }
}
