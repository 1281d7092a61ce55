#if canImport(Glibc)
import Glibc
#endif

/// An eased move of the camera over time. Times are seconds on any clock the caller keeps, so
/// tests can drive it with made-up times.
///
/// The heading moves by a signed number of degrees, not towards a wrapped target: a long turn
/// (or several key presses added together) keeps its direction, and a move to a target heading
/// is given as the short way round (`Degrees.wrap180`).
public struct CameraAnimation: Equatable, Sendable {
    public let from: PanoramaCamera
    /// Degrees to turn, clockwise positive; may exceed 360.
    public let headingDelta: Double
    public let toPitch: Double
    public let toZoom: Double
    /// The roll at the end, degrees; a user's move levels the camera (0).
    public let toRoll: Double
    /// When the move starts, seconds.
    public let start: Double
    /// How long it takes, seconds, > 0.
    public let duration: Double

    public init(
        from: PanoramaCamera, headingDelta: Double, toPitch: Double, toZoom: Double, toRoll: Double = 0, start: Double,
        duration: Double
    ) {
        self.from = from
        self.headingDelta = headingDelta
        self.toPitch = PanoramaCamera(pitch: toPitch).pitch
        self.toZoom = PanoramaCamera(zoom: toZoom).zoom
        self.toRoll = PanoramaCamera(roll: toRoll).roll
        self.start = start
        self.duration = max(duration, 1e-3)
    }

    /// A move to `target` the short way round.
    public init(from: PanoramaCamera, to target: PanoramaCamera, start: Double, duration: Double) {
        self.init(
            from: from, headingDelta: Degrees.wrap180(target.heading - from.heading), toPitch: target.pitch,
            toZoom: target.zoom, toRoll: target.roll, start: start, duration: duration)
    }

    /// Progress at `time`, eased, [0, 1].
    public func progress(at time: Double) -> Double {
        Self.easeInOut(min(max((time - start) / duration, 0), 1))
    }

    /// The camera at `time`: `from` before the start, exactly the target from the end on.
    public func camera(at time: Double) -> PanoramaCamera {
        let e = progress(at: time)
        var camera = from
        camera.heading = from.heading + headingDelta * e
        camera.pitch = from.pitch + (toPitch - from.pitch) * e
        camera.roll = from.roll + Degrees.wrap180(toRoll - from.roll) * e
        camera.zoom = e >= 1 ? toZoom : from.zoom * pow(toZoom / from.zoom, e)  // zoom is geometric
        return camera
    }

    /// True from the end of the move on.
    public func isFinished(at time: Double) -> Bool {
        time >= start + duration
    }

    /// Degrees of heading still to turn at `time`.
    public func remainingHeading(at time: Double) -> Double {
        headingDelta * (1 - progress(at: time))
    }

    /// Quadratic ease in and out (as Pannellum and Marzipano use), t in [0, 1].
    public static func easeInOut(_ t: Double) -> Double {
        t < 0.5 ? 2 * t * t : 1 - pow(-2 * t + 2, 2) / 2
    }
}
