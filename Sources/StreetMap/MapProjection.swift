import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// A flat map around a centre, in braille dots (a cell is 2 dots across and 4 down, and a
/// terminal cell is about twice as tall as wide, so dots are square): east is right and north
/// up, or turned so a heading points up. Equirectangular about the centre (metres east are
/// degrees of longitude times the cosine of the centre's latitude), so a street along a parallel
/// is a straight row of dots; over the few hundred metres a street map shows, the earth is flat
/// to well under a dot.
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
        let east = Degrees.radians(Degrees.wrap180(place.longitude - center.longitude)) * cosCentreLatitude * dotsPerRadian
        let north = Degrees.radians(place.latitude - center.latitude) * dotsPerRadian
        let (sinUp, cosUp) = (sin(Degrees.radians(up)), cos(Degrees.radians(up)))
        return (Double(width) / 2 + east * cosUp - north * sinUp, Double(height) / 2 - (east * sinUp + north * cosUp))
    }

    /// The place at dot (`x`, `y`): `dot(for:)` undone.
    package func coordinate(atDot x: Double, _ y: Double) -> Coordinate {
        let (right, upward) = (x - Double(width) / 2, Double(height) / 2 - y)
        let (sinUp, cosUp) = (sin(Degrees.radians(up)), cos(Degrees.radians(up)))
        let east = right * cosUp + upward * sinUp
        let north = upward * cosUp - right * sinUp
        let latitude = min(max(center.latitude + Degrees.degrees(fromRadians: north / dotsPerRadian), -90), 90)
        let longitude = Degrees.wrap180(center.longitude + Degrees.degrees(fromRadians: east / (dotsPerRadian * cosCentreLatitude)))
        return Coordinate(latitude: latitude, longitude: longitude) ?? center
    }

    /// Dots in one radian of a great circle.
    private var dotsPerRadian: Double { Coordinate.earthRadius / metresPerDot }

    /// The cosine of the centre's latitude, kept off 0 so that a map at a pole still divides.
    private var cosCentreLatitude: Double { max(cos(Degrees.radians(center.latitude)), 1e-9) }

    /// Metres from the centre to the map's farthest corner: what the map can show.
    package var reach: Double {
        (Double(width * width + height * height)).squareRoot() / 2 * metresPerDot
    }
}
