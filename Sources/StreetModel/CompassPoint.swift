/// Names of the eight compass points.
package enum CompassPoint {
    private static let names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    private static let words = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]

    /// The nearest of the eight compass points to a heading in degrees (any finite value).
    package static func name(forHeading heading: Double) -> String {
        names[sector(of: heading)]
    }

    /// The same point in words, as a screen reader should say it: "north-east".
    package static func word(forHeading heading: Double) -> String {
        words[sector(of: heading)]
    }

    private static func sector(of heading: Double) -> Int {
        Int((heading.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45) % 8
    }
}
