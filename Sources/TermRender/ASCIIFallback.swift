/// What a terminal whose locale is not UTF-8 can be sent instead of other characters
/// (docs/reliability.md, "Locale"): the picture as coloured spaces, the HUD's symbols as the
/// nearest ASCII, accented Latin letters without their accents, and anything else as "?".
/// Every replacement is one column wide, as the wide characters it may replace are not.
public enum ASCIIFallback {
    /// The ASCII character shown for `scalar` (itself when it is ASCII).
    public static func scalar(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII { return scalar }
        if let symbol = symbols[scalar] { return symbol }
        if let index = accented.firstIndex(of: scalar) { return unaccented[index] }
        return "?"
    }

    /// `text` with every character replaced as `scalar(for:)` does.
    public static func text(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(Self.scalar(for: scalar)) }
        return String(result)
    }

    /// The symbols the HUD and the narration use, and their nearest ASCII.
    private static let symbols: [Unicode.Scalar: Unicode.Scalar] = [
        "°": "o", "×": "x", "·": "-", "–": "-", "—": "-", "…": ".", "⌂": "H", "»": ">", "«": "<",
        "◆": "*", "◀": "<", "▶": ">", "▲": "^", "▼": "v", "█": "#", "\u{A0}": " ", "©": "C", "\u{FFFD}": "?"
    ]
    /// Latin-1 and Latin Extended-A letters with accents, and the same letters without.
    private static let accented = Array("ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿŠšŽžČčĆćŁłŚśŹźŻżŘřĚěŮů".unicodeScalars)
    private static let unaccented = Array("AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyySsZzCcCcLlSsZzZzRrEeUu".unicodeScalars)
}
