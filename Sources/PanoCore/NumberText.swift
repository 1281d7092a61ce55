extension Double {
    /// The number as a person would write it: whole numbers without ".0" ("90", "-12.5",
    /// "1e+300"). Only values an Int holds exactly are written as integers, since converting a
    /// larger one would trap.
    public var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }

    /// Reads a number in the one form Sidewalk accepts everywhere (command line, `:` commands,
    /// shared URLs, photo metadata; docs/reliability.md): an optional sign, decimal digits with
    /// an optional fraction, and an optional decimal exponent: "90", "-12.5", "+3", ".5", "2.",
    /// "1e3". Nil for anything else (hex such as "0x10", "inf", "nan", spaces) and for a
    /// number too large for a Double.
    public init?(decimal text: some StringProtocol) {
        var digits = 0
        var sawExponent = false
        var exponentDigits = 0
        var sawPoint = false
        var previous: Character?
        for character in text {
            switch character {
            case "0"..."9":
                if sawExponent { exponentDigits += 1 } else { digits += 1 }
            case "+", "-":
                guard previous == nil || previous == "e" || previous == "E" else { return nil }
            case ".":
                guard !sawPoint, !sawExponent else { return nil }
                sawPoint = true
            case "e", "E":
                guard !sawExponent, digits > 0 else { return nil }
                sawExponent = true
            default:
                return nil
            }
            previous = character
        }
        guard digits > 0, !sawExponent || exponentDigits > 0, let value = Double(String(text)), value.isFinite else { return nil }
        self = value
    }
}

extension Int {
    /// Reads a whole number: an optional sign and decimal digits ("30", "-2"); nil for anything
    /// else, a fraction included, or a number beyond `Int`.
    public init?(decimal text: some StringProtocol) {
        let body = text.first == "+" || text.first == "-" ? text.dropFirst() : text[...]
        guard !body.isEmpty, body.allSatisfy({ ("0"..."9").contains($0) }), let value = Int(String(text)) else { return nil }
        self = value
    }
}

extension Int {
    /// Reads a whole number as `Int(decimal:)` does, held to `range`: one beyond it, however
    /// many digits it has, is the nearest end of the range; nil for anything that is no whole
    /// number. For numbers from outside (a recording, a terminal's sequence) that arithmetic
    /// follows, so a sum or product of them cannot overflow.
    public init?(decimal text: some StringProtocol, clampedTo range: ClosedRange<Int>) {
        let negative = text.first == "-"
        let body = text.first == "+" || negative ? text.dropFirst() : text[...]
        guard !body.isEmpty, body.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        // Only digits are left, so a nil here is a magnitude beyond Int.
        let magnitude = Int(String(body)) ?? Int.max
        self = Swift.min(Swift.max(negative ? -magnitude : magnitude, range.lowerBound), range.upperBound)
    }
}
