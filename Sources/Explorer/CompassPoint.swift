/// Names of the eight compass points.
public enum CompassPoint {
    private static let names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

    /// The nearest of the eight compass points to a heading in degrees (any finite value).
    public static func name(forHeading heading: Double) -> String {
        let sector = Int((heading.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45) % 8
        return names[sector]
    }
}
