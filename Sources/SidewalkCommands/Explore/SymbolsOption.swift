import TermRender

extension SymbolSet {
    /// `--symbols`, as the explorer and snapshots take it.
    static func option<Settings>(_ set: @escaping (inout Settings, SymbolSet) -> Void) -> CommandOption<Settings> {
        .choice(
            "--symbols", "SET", allCases.map(\.rawValue),
            glosses: [
                "half": "▀ ▄, every font", "quadrant": "2×2, most fonts", "sextant": "2×3, Unicode 13 fonts",
                "octant": "2×4, Unicode 16 fonts"
            ], default: SymbolSet.half.rawValue, help: "the block symbols the picture is drawn with"
        ) { set(&$0, SymbolSet(rawValue: $1)!) }
    }
}
