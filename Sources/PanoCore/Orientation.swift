#if canImport(Glibc)
import Glibc
#endif

/// A viewing direction: heading (degrees clockwise from north, [0, 360)) and pitch (degrees, up
/// positive, [-90, 90]), like GMSOrientation.
public struct Orientation: Equatable, Sendable {
    public var heading: Double
    public var pitch: Double

    public init(heading: Double, pitch: Double) {
        self.heading = heading
        self.pitch = pitch
    }

    /// The unit vector pointing this way in the world frame (x east, y up, z north).
    public var direction: Vector3 {
        let h = Degrees.radians(heading)
        let p = Degrees.radians(pitch)
        return Vector3(sin(h) * cos(p), sin(p), cos(h) * cos(p))
    }

    /// The orientation of a (not necessarily unit) direction vector; heading is 0 straight up or
    /// down, where it is undefined.
    public init(direction d: Vector3) {
        let horizontal = (d.x * d.x + d.z * d.z).squareRoot()
        heading = Degrees.wrap360(Degrees.degrees(fromRadians: atan2(d.x, d.z)))
        pitch = Degrees.degrees(fromRadians: atan2(d.y, horizontal))
    }
}
