#if canImport(Glibc)
import Glibc
#endif

/// A place on the Earth: latitude and longitude in degrees (WGS 84).
public struct Coordinate: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator, [-90, 90].
    public let latitude: Double
    /// Degrees east of Greenwich, [-180, 180).
    public let longitude: Double

    /// Mean Earth radius used for distances, metres.
    public static let earthRadius = 6_371_008.8

    /// A coordinate, or nil when latitude is outside [-90, 90], longitude outside [-180, 180], or
    /// either is not finite. Longitude 180 is stored as -180.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            return nil
        }
        self.latitude = latitude
        self.longitude = longitude == 180 ? -180 : longitude
    }

    public var description: String {
        "\(Self.format(latitude)),\(Self.format(longitude))"
    }

    /// Degrees to six decimals (about 0.1 m), without a trailing ".0".
    private static func format(_ value: Double) -> String {
        let text = String((value * 1_000_000).rounded() / 1_000_000)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Great-circle distance to `other`, metres (haversine).
    public func distance(to other: Coordinate) -> Double {
        let φ1 = Degrees.radians(latitude), φ2 = Degrees.radians(other.latitude)
        let Δφ = φ2 - φ1
        let Δλ = Degrees.radians(other.longitude - longitude)
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
    }

    /// Initial compass bearing towards `other`, degrees clockwise from north, [0, 360).
    public func bearing(to other: Coordinate) -> Double {
        let φ1 = Degrees.radians(latitude), φ2 = Degrees.radians(other.latitude)
        let Δλ = Degrees.radians(other.longitude - longitude)
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        return Degrees.wrap360(Degrees.degrees(fromRadians: atan2(y, x)))
    }

    /// The point `distance` metres away along the great circle starting at `bearing` degrees.
    public func offset(by distance: Double, bearing: Double) -> Coordinate {
        let δ = distance / Self.earthRadius
        let θ = Degrees.radians(bearing)
        let φ1 = Degrees.radians(latitude), λ1 = Degrees.radians(longitude)
        let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        let longitude = Degrees.wrap180(Degrees.degrees(fromRadians: λ2))
        return Coordinate(latitude: Degrees.degrees(fromRadians: φ2), longitude: longitude)!
    }
}
