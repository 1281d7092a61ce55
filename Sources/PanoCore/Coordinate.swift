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
        let φ1 = Degrees.radians(latitude)
        let φ2 = Degrees.radians(other.latitude)
        let Δφ = φ2 - φ1
        let Δλ = Degrees.radians(other.longitude - longitude)
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
    }

    /// Initial compass bearing towards `other`, degrees clockwise from north, [0, 360).
    public func bearing(to other: Coordinate) -> Double {
        let φ1 = Degrees.radians(latitude)
        let φ2 = Degrees.radians(other.latitude)
        let Δλ = Degrees.radians(other.longitude - longitude)
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        return Degrees.wrap360(Degrees.degrees(fromRadians: atan2(y, x)))
    }

    /// The point `distance` metres away along the great circle starting at `bearing` degrees.
    public func offset(by distance: Double, bearing: Double) -> Coordinate {
        let δ = distance / Self.earthRadius
        let θ = Degrees.radians(bearing)
        let φ1 = Degrees.radians(latitude)
        let λ1 = Degrees.radians(longitude)
        let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
        let longitude = Degrees.wrap180(Degrees.degrees(fromRadians: λ2))
        return Coordinate(latitude: Degrees.degrees(fromRadians: φ2), longitude: longitude)!
    }
}

extension Coordinate {
    /// Reads "LAT,LNG" in decimal degrees (spaces around each number allowed), or says what is
    /// wrong in words a user can act on: which number is not a number, or which is out of range.
    public static func parse(_ text: some StringProtocol) -> Result<Coordinate, CoordinateTextError> {
        let parts = String(text).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .failure(CoordinateTextError("needs LAT,LNG in degrees, e.g. 48.2082,16.3738")) }
        func trimmed(_ part: Substring) -> Substring {
            let start = part.firstIndex { $0 != " " } ?? part.endIndex
            let end = part.lastIndex { $0 != " " }.map { part.index(after: $0) } ?? start
            return part[start..<max(start, end)]
        }
        let latitudeText = trimmed(parts[0])
        let longitudeText = trimmed(parts[1])
        guard let latitude = Double(decimal: latitudeText) else {
            return .failure(CoordinateTextError("the latitude '\(latitudeText)' is not a decimal number"))
        }
        guard let longitude = Double(decimal: longitudeText) else {
            return .failure(CoordinateTextError("the longitude '\(longitudeText)' is not a decimal number"))
        }
        guard (-90...90).contains(latitude) else {
            return .failure(CoordinateTextError("latitude \(latitudeText) is out of range (-90 to 90 degrees)"))
        }
        guard (-180...180).contains(longitude) else {
            return .failure(CoordinateTextError("longitude \(longitudeText) is out of range (-180 to 180 degrees)"))
        }
        return Coordinate(latitude: latitude, longitude: longitude).map { .success($0) }
            ?? .failure(CoordinateTextError("needs LAT,LNG in degrees, e.g. 48.2082,16.3738"))
    }
}

/// Why a text is not a coordinate, in words for a user.
public struct CoordinateTextError: Error, Equatable, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}
