import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// A flat map around a centre, in braille dots (a cell is 2 dots across and 4 down, and a
/// terminal cell is about twice as tall as wide, so dots are square): east is right and north
/// up, or turned so a heading points up. Over the few hundred metres a street map shows, the
/// earth is flat to well under a dot.
package struct MapProjection: Equatable, Sendable {
    /// The place at the middle of the map.
    package var center: Coordinate
    /// Metres one dot spans, > 0.
    package var metresPerDot: Double
    /// The heading that points up, degrees: 0 for north up.
    package var up: Double
    /// The map's size in dots, each > 0.
    package var width: Int
    package var height: Int

    package init(center: Coordinate, metresPerDot: Double, up: Double = 0, width: Int, height: Int) {
        self.center = center
        self.metresPerDot = metresPerDot
        self.up = up
        self.width = width
        self.height = height
    }

    /// Where `place` falls, in dots from the map's top-left (fractions kept; may be outside).
    package func dot(for place: Coordinate) -> (x: Double, y: Double) {
        let distance = center.distance(to: place) / metresPerDot
        let angle = Degrees.radians(center.bearing(to: place) - up)
        return (Double(width) / 2 + distance * sin(angle), Double(height) / 2 - distance * cos(angle))
    }

    /// The place at dot (`x`, `y`).
    package func coordinate(atDot x: Double, _ y: Double) -> Coordinate {
        let (east, south) = (x - Double(width) / 2, y - Double(height) / 2)
        let distance = (east * east + south * south).squareRoot() * metresPerDot
        guard distance > 0 else { return center }
        return center.offset(by: distance, bearing: up + Degrees.degrees(fromRadians: atan2(east, -south)))
    }

    /// Metres from the centre to the map's farthest corner: what the map can show.
    package var reach: Double {
        (Double(width * width + height * height)).squareRoot() / 2 * metresPerDot
    }
}
