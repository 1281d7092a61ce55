#if canImport(Glibc)
import Glibc
#endif

/// The perspective projection of a camera onto a viewport of square pixels, in both directions:
/// a screen point to the orientation it shows, and an orientation to where it appears
/// (GMSPanoramaView's `orientationForPoint:` and `pointForOrientation:`).
///
/// Screen coordinates are continuous pixels: (0, 0) is the top-left corner of the viewport and
/// pixel (i, j) covers [i, i+1) × [j, j+1), so its centre is (i + 0.5, j + 0.5).
public struct ViewProjection: Sendable {
    /// Viewport width in pixels, >= 1.
    public let width: Int
    /// Viewport height in pixels, >= 1.
    public let height: Int
    /// Distance from the eye to the image plane, pixels; the effective field of view spans the
    /// larger viewport dimension.
    public let focalLength: Double
    private let forward: Vector3
    private let right: Vector3
    private let up: Vector3

    public init(camera: PanoramaCamera, width: Int, height: Int) {
        precondition(width >= 1 && height >= 1, "a viewport needs at least one pixel")
        self.width = width
        self.height = height
        let halfSpan = Double(max(width, height)) / 2
        focalLength = halfSpan / tan(Degrees.radians(camera.effectiveFOV) / 2)
        let h = Degrees.radians(camera.heading)
        let p = Degrees.radians(camera.pitch)
        forward = Vector3(sin(h) * cos(p), sin(p), cos(h) * cos(p))
        let levelRight = Vector3(cos(h), 0, -sin(h))
        let levelUp = Vector3(-sin(h) * sin(p), cos(p), -cos(h) * sin(p))
        // A camera rolled clockwise: its up leans to the level right, its right down.
        let r = Degrees.radians(camera.roll)
        right = levelRight * cos(r) - levelUp * sin(r)
        up = levelUp * cos(r) + levelRight * sin(r)
    }

    /// The (unnormalised) world direction through screen point (x, y).
    @inlinable
    public func ray(x: Double, y: Double) -> Vector3 {
        let u = x - Double(width) / 2
        let v = y - Double(height) / 2
        return forwardScaled + rightAxis * u - upAxis * v
    }

    /// The orientation seen at screen point (x, y).
    public func orientation(atX x: Double, y: Double) -> Orientation {
        Orientation(direction: ray(x: x, y: y))
    }

    /// Where an orientation appears on screen, or nil when it is behind the camera. The point
    /// may lie outside the viewport.
    public func point(for orientation: Orientation) -> (x: Double, y: Double)? {
        let d = orientation.direction
        let depth = d.dot(forward)
        guard depth > 1e-9 else { return nil }
        let scale = focalLength / depth
        return (Double(width) / 2 + d.dot(right) * scale, Double(height) / 2 - d.dot(up) * scale)
    }

    @usableFromInline var forwardScaled: Vector3 { forward * focalLength }
    @usableFromInline var rightAxis: Vector3 { right }
    @usableFromInline var upAxis: Vector3 { up }
}
