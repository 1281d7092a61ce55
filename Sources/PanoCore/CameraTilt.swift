#if canImport(Glibc)
import Glibc
#endif

/// How the camera was held when it took a 360° picture, as GPano's `PosePitchDegrees` and
/// `PoseRollDegrees` and Panoramax's `pers:pitch` and `pers:roll` give it.
public struct CameraTilt: Equatable, Sendable {
    /// Degrees the image's centre points above the horizon, -90...90.
    public var pitch: Double
    /// Degrees the camera is rolled clockwise (seen from behind it), so that the horizon turns
    /// counterclockwise in the image (GPano's words), -180...180.
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

        /// The rows of the 3×3 matrix that undoes the pose. Camera to world is
        /// Rx(pitch)·Rz(roll); its inverse is the transpose, Rz(roll)ᵀ·Rx(pitch)ᵀ.
        var matrix: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
            let rows = [
                SIMD3(cosRoll, -sinRoll * cosPitch, sinRoll * sinPitch),
                SIMD3(sinRoll, cosRoll * cosPitch, -cosRoll * sinPitch),
                SIMD3(0, sinPitch, cosPitch),
            ].map { SIMD3<Float>(Float($0.x), Float($0.y), Float($0.z)) }
            return (rows[0], rows[1], rows[2])
        }
    }
}
