#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

/// A 360° photo as a camera held askew writes it (GPano PosePitchDegrees and PoseRollDegrees, as
/// in the GPano reference set's "All_Pose_Combined" case) shows a level horizon.
@Suite("Photos taken with a tilted camera")
struct PhotoPoseTests {
    /// A 512×256 sphere, sky above the world's horizon and ground below, as a camera pitched
    /// `pitch` and rolled `roll` saw it (camera to world: Rx(pitch)·Rz(roll)).
    private static func tiltedPhoto(pitch: Double, roll: Double) -> RGBImage {
        var image = RGBImage(width: 512, height: 256)
        let (sp, cp, sr, cr) = (sin(pitch * .pi / 180), cos(pitch * .pi / 180), sin(roll * .pi / 180), cos(roll * .pi / 180))
        for y in 0..<256 {
            let latitude = (90 - (Double(y) + 0.5) / 256 * 180) * .pi / 180
            for x in 0..<512 {
                let longitude = ((Double(x) + 0.5) / 512 * 360 - 180) * .pi / 180
                let (dx, dy, dz) = (cos(latitude) * sin(longitude), sin(latitude), cos(latitude) * cos(longitude))
                let up = cp * (-sr * dx + cr * dy) + sp * dz
                image[x, y] = up > 0 ? RGB(90, 150, 230) : RGB(120, 90, 50)
            }
        }
        return image
    }

    /// The horizon in a view: per column, the first ground row from the top; its tilt in degrees
    /// (a half-block view's pixels are square) and its height at the middle column.
    private static func horizon(_ view: RGBImage) -> (tilt: Double, middle: Double) {
        let rows = (0..<view.width).map { x in (0..<view.height).first { view[x, $0].b < 140 } ?? view.height }
        let (left, right) = (Double(rows[view.width / 8]), Double(rows[view.width * 7 / 8]))
        return (atan2(right - left, Double(view.width * 6 / 8)) * 180 / .pi, Double(rows[view.width / 2]))
    }

    @Test("pitch 5° and roll -4° in GPano: the horizon is level and at mid-height, whichever way you face", arguments: [0.0, 90, 200])
    func level(heading: Double) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-pose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gpano = [("ProjectionType", "equirectangular"), ("PosePitchDegrees", "5"), ("PoseRollDegrees", "-4")]
        let photo = TestPhotoMetadata.insert([TestPhotoMetadata.xmp(gpano)], into: try JPEGEncoder.encode(Self.tiltedPhoto(pitch: 5, roll: -4)))
        let path = folder.appendingPathComponent("askew.jpg").path
        try Data(photo).write(to: URL(fileURLWithPath: path))
        let output = folder.appendingPathComponent("view.png").path
        let run = try ProgramRun.sidewalk(["snapshot", path, "--heading", String(heading), "--size", "320x180", "--no-cache", "--output", output])
        #expect(run.status == 0, "\(run.standardError)")
        let view = try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: output))), name: output)
        let (tilt, middle) = Self.horizon(view)
        #expect(abs(tilt) < 0.6, "the horizon tilts \(tilt)° facing \(heading)°")
        #expect(abs(middle - 90) <= 2, "the horizon is at row \(middle) of 180 facing \(heading)°")
    }
}
