#if canImport(Glibc)
import Glibc
#endif

/// How a 360° picture sits on the world's sphere, as GPano's `PosePitchDegrees` and
/// `PoseRollDegrees` and Panoramax's `pers:pitch` and `pers:roll` give it. The convention is the
/// one rodrigopolo/360GPanoReference documents and tests with its images (docs/camera.md): the
/// image is turned by its roll about its centre's direction, then raised by its pitch, onto the
/// world's sphere.
public struct CameraTilt: Equatable, Sendable {
    /// Degrees the image's centre points above the horizon, -90...90: a photo whose horizon
    /// crosses its centre 5° below the middle row is levelled by 5.
    public var pitch: Double
    /// Degrees the image is turned counterclockwise (seen from inside the sphere, facing the
    /// image's centre) onto the world's sphere, -180...180: a photo whose horizon is tilted 5°
    /// clockwise is levelled by 5, so what it shows to the right of its centre on its middle row
    /// is 5° above the true horizon.
    public var roll: Double

    public init(pitch: Double, roll: Double) {
        self.pitch = pitch
        self.roll = roll
    }

    /// Within 0.05° of level on both axes: less than a tenth of a pixel at 2048 pixels round.
    public var isLevel: Bool { abs(pitch) < 0.05 && abs(roll) < 0.05 }

    /// What undoes the pose: a world direction to the direction in the camera's frame it was
    /// seen at. Its sines and cosines are worked out once.
    var undoing: Undo { Undo(self) }

    /// The camera's pose undone: a world direction (x right of, y above, z along the image
    /// centre's heading) to the direction in the camera's frame (x right, y up, z towards the
    /// image's centre) that saw it.
    struct Undo {
        private let sinPitch, cosPitch, sinRoll, cosRoll: Double

        init(_ tilt: CameraTilt) {
            (sinPitch, cosPitch) = (sin(Degrees.radians(tilt.pitch)), cos(Degrees.radians(tilt.pitch)))
            (sinRoll, cosRoll) = (sin(Degrees.radians(tilt.roll)), cos(Degrees.radians(tilt.roll)))
        }

        /// The rows of the 3×3 matrix that undoes the pose. Image to world is P·R: R turns a
        /// direction counterclockwise by the roll about the image centre's direction (seen from
        /// inside), P raises it by the pitch about the right-hand axis. The inverse is Rᵀ·Pᵀ.
        var matrix: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
            let rows = [
                SIMD3(cosRoll, sinRoll * cosPitch, -sinRoll * sinPitch),
                SIMD3(-sinRoll, cosRoll * cosPitch, -cosRoll * sinPitch),
                SIMD3(0, sinPitch, cosPitch)
            ].map { SIMD3<Float>(Float($0.x), Float($0.y), Float($0.z)) }
            return (rows[0], rows[1], rows[2])
        }
    }
}
