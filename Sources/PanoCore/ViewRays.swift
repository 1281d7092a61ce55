#if canImport(Glibc)
import Glibc
#endif

/// The direction of every pixel of a viewport for a camera facing heading 0, stored as
/// equirectangular fractions. Turning the camera only adds to the longitude, so one table serves
/// every heading: it depends on viewport size, pitch, zoom and fov alone.
public struct ViewRays: Sendable {
    /// What the table was built for; a camera with a different key needs a new table.
    public struct Key: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var pitch: Double
        public var effectiveFOV: Double
    }

    public let key: Key
    /// Per pixel, row-major: longitude relative to the camera heading, in turns, [-0.5, 0.5).
    public let longitudeTurns: [Float]
    /// Per pixel, row-major: distance from the top of the panorama as a fraction of its height,
    /// [0, 1] (0 straight up, 0.5 the horizon, 1 straight down).
    public let rowFractions: [Float]

    public static func key(for camera: PanoramaCamera, width: Int, height: Int) -> Key {
        Key(width: width, height: height, pitch: camera.pitch, effectiveFOV: camera.effectiveFOV)
    }

    public init(camera: PanoramaCamera, width: Int, height: Int) {
        var facingNorth = camera
        facingNorth.heading = 0
        let projection = ViewProjection(camera: facingNorth, width: width, height: height)
        key = Self.key(for: camera, width: width, height: height)
        var longitudes = [Float](repeating: 0, count: width * height)
        var rows = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let d = projection.ray(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let horizontal = (d.x * d.x + d.z * d.z).squareRoot()
                let longitude = atan2(d.x, d.z) / (2 * .pi)
                let latitude = atan2(d.y, horizontal) / .pi
                longitudes[y * width + x] = Float(longitude)
                rows[y * width + x] = Float(0.5 - latitude)
            }
        }
        longitudeTurns = longitudes
        rowFractions = rows
    }
}
