#if canImport(Glibc)
import Glibc
#endif

/// Angle helpers. Every angle in Sidewalk's public API is in degrees.
public enum Degrees {
    /// Degrees to radians.
    @inlinable
    public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// Radians to degrees.
    @inlinable
    public static func degrees(fromRadians radians: Double) -> Double { radians * 180 / .pi }

    /// Wraps any finite angle into [0, 360). Used for compass headings.
    @inlinable
    public static func wrap360(_ degrees: Double) -> Double {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        let positive = wrapped < 0 ? wrapped + 360 : wrapped
        // -1e-15 + 360 rounds to 360 in binary floating point: keep the half-open range.
        return positive >= 360 ? 0 : positive
    }

    /// Wraps any finite angle into [-180, 180). Used for signed turns, e.g. the short way round.
    @inlinable
    public static func wrap180(_ degrees: Double) -> Double {
        let wrapped = wrap360(degrees + 180) - 180
        return wrapped
    }
}
