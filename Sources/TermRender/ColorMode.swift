/// How many colours the terminal can show, and so how cells are coloured.
public enum ColorMode: String, Equatable, Sendable, CaseIterable {
    /// 24-bit colour (SGR 38;2 / 48;2).
    case truecolor
    /// The xterm 256-colour palette (SGR 38;5 / 48;5), using its colour cube and grey ramp.
    case palette256 = "256"
    /// The 16 ANSI colours (SGR 30–37, 90–97 and 40–47, 100–107).
    case ansi16 = "16"
    /// No colour at all: pictures become a ramp of characters by brightness.
    case none

    /// The mode for a `--color` value other than "auto", or nil when it names none.
    public init?(flag: String) {
        self.init(rawValue: flag)
    }

    /// Chooses the mode for a terminal: NO_COLOR (non-empty) means none; COLORTERM truecolor or
    /// 24bit, or terminfo's RGB or Tc flag, or a TERM ending in "-direct", means truecolor; else
    /// terminfo's colour count decides (256 or more, 8 or more, fewer).
    public static func detect(environment: [String: String], terminfoTrueColor: Bool, terminfoColors: Int) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" || terminfoTrueColor { return .truecolor }
        if let term = environment["TERM"], term.hasSuffix("-direct") { return .truecolor }
        if terminfoColors >= 256 { return .palette256 }
        if terminfoColors >= 8 { return .ansi16 }
        return .none
    }
}
