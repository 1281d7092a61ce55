import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// The character set the user's locale gives the terminal (docs/reliability.md, "Locale"):
/// Sidewalk writes UTF-8 only where it is UTF-8, and ASCII (`ASCIIFallback`) elsewhere.
public enum TerminalLocale {
    /// Adopts the user's character-type locale (LC_ALL, LC_CTYPE or LANG). Call once, first:
    /// ncurses then decodes typed characters in it. Numbers stay in the C locale's format.
    public static func adopt() {
        _ = setlocale(LC_CTYPE, "")
    }

    /// True when the adopted locale's character set is UTF-8.
    public static var isUTF8: Bool {
        String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
    }

    /// A line of text for the terminal: sanitised, and in ASCII where the locale is not UTF-8.
    public static func line(_ text: String) -> String {
        let safe = TextSanitizer.sanitize(text)
        return isUTF8 ? safe : ASCIIFallback.text(safe)
    }
}
