import PanoCore

/// A compass strip for the top line: the compass points around the heading, 5° a column, the
/// heading under the middle marker. Like Google's compass control, it is shown only when the
/// heading is not north.
public enum CompassStrip {
    /// Degrees per column.
    static let degreesPerColumn = 5.0

    /// The strip, `width` columns (odd widths centre exactly), or nil when facing north.
    public static func text(heading: Double, width: Int) -> String? {
        guard Int(heading.rounded()) % 360 != 0, width >= 9 else { return nil }
        let half = width / 2
        var columns = [Character](repeating: "·", count: width)
        for (index, name) in ["N", "NE", "E", "SE", "S", "SW", "W", "NW"].enumerated() {
            let offset = Degrees.wrap180(Double(index) * 45 - heading) / degreesPerColumn
            let column = half + Int(offset.rounded())
            // Whole or not at all: "NE" cut to "E" at the left edge would read as east.
            guard column >= 0, column + name.count <= width else { continue }
            for (i, letter) in name.enumerated() { columns[column + i] = letter }
        }
        columns[half] = columns[half] == "·" ? "|" : columns[half]
        return "[" + String(columns) + "]"
    }
}
