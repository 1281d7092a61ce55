import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

/// A 360° photo opens where its GPano metadata says to look first, as wide as it says.
@Suite("Photos' initial view")
struct PhotoInitialViewTests {
    @Test(
        "InitialViewHeadingDegrees, InitialViewPitchDegrees and InitialHorizontalFOVDegrees set the starting camera; --heading and --zoom win"
    )
    func initialView() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-initial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gpano = [
            ("ProjectionType", "equirectangular"), ("InitialViewHeadingDegrees", "120"), ("InitialViewPitchDegrees", "-10"),
            ("InitialHorizontalFOVDegrees", "45")
        ]
        let photo = TestPhotoMetadata.insert(
            [TestPhotoMetadata.xmp(gpano)], into: try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 256, height: 128)))
        let path = folder.appendingPathComponent("wide.jpg").path
        try Data(photo).write(to: URL(fileURLWithPath: path))
        let url = { (flags: [String]) throws -> String in
            let run = try ProgramRun.sidewalk([path, "--headless", "--keys", "u"] + flags)
            #expect(run.status == 0, "\(run.standardError)")
            return run.standardOutput.split(separator: "\n").first { $0.hasPrefix("sidewalk://") }.map(String.init) ?? run.standardOutput
        }
        #expect(try url([]).contains("heading=120&pitch=-10&fov=45&dataset="), "the image is named, so the URL reopens it")
        #expect(try url(["--zoom", "1"]).contains("heading=120&pitch=-10&fov=90"), "--zoom sets the width")
        #expect(try url(["--heading", "30"]).contains("heading=30&pitch=0&fov=45"), "--heading sets the direction only")
    }
}

/// rodrigopolo/360GPanoReference's initial-view cases (its images 7 to 13): the InitialView tags
/// move the camera inside the levelled sphere, whatever the pose. Its README: positive
/// InitialViewPitchDegrees tilts the camera up; as InitialViewRollDegrees increases "the horizon
/// in the view rotates counterclockwise because we are moving the 3D camera clockwise", as its
/// "corrected" view of image 11 shows. Photos are made as `PhotoPoseTests` makes them.
@Suite("Photos' initial view, as the GPano reference shows it")
struct PhotoInitialViewReferenceTests {
    /// A pose and the InitialView tags, degrees.
    struct Case: CustomTestStringConvertible, Sendable {
        let pose: PhotoPoseTests.Pose
        let heading: Double, pitch: Double, roll: Double
        var testDescription: String { "\(pose.testDescription); initial view \(heading), \(pitch), \(roll)" }
    }

    static let level = PhotoPoseTests.Pose(heading: 0, pitch: 0, roll: 0)
    /// The reference's images 7 to 13, and the pose and view both askew.
    static let cases = [
        Case(pose: level, heading: 45, pitch: 0, roll: 0), Case(pose: level, heading: 315, pitch: 0, roll: 0),
        Case(pose: level, heading: 0, pitch: 5, roll: 0), Case(pose: level, heading: 0, pitch: -5, roll: 0),
        Case(pose: level, heading: 0, pitch: 0, roll: 5), Case(pose: level, heading: 0, pitch: 0, roll: -5),
        Case(pose: PhotoPoseTests.Pose(heading: 45, pitch: 0, roll: 0), heading: 45, pitch: 0, roll: 0),
        Case(pose: PhotoPoseTests.Pose(heading: 200, pitch: -12, roll: 20), heading: 30, pitch: 6, roll: -8)
    ]

    /// The reference's tags: its initial view 120° wide.
    static func tags(_ view: Case) -> [(String, String)] {
        [
            ("InitialViewHeadingDegrees", String(view.heading)), ("InitialViewPitchDegrees", String(view.pitch)),
            ("InitialViewRollDegrees", String(view.roll)), ("InitialHorizontalFOVDegrees", "120")
        ]
    }

    static let (width, height, fieldOfView) = (640, 360, 120.0)
    /// Pixels from the eye to the view's plane.
    static let focal = Double(width) / 2 / tan(fieldOfView / 2 * .pi / 180)

    /// Where the level world's horizon must cross the view: tilted by the roll (counterclockwise,
    /// so rows fall to the right: the measured tilt is minus the roll) and, at the middle column,
    /// `f·tan(pitch)` below the centre measured across the rolled rows.
    static func expectedHorizon(_ view: Case) -> (tilt: Double, middle: Double) {
        let below = focal * tan(view.pitch * .pi / 180) / cos(view.roll * .pi / 180)
        return (-view.roll, Double(height) / 2 + below)
    }

    /// `snapshot` of `source` with no camera flags: the initial view, 640×360.
    static func snapshotFirstView(_ source: String, in folder: URL) throws -> RGBImage {
        let output = folder.appendingPathComponent("view-\(UUID().uuidString).png").path
        let run = try ProgramRun.sidewalk(["snapshot", source, "--size", "\(width)x\(height)", "--no-cache", "--output", output])
        #expect(run.status == 0, "\(run.standardError)")
        return try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: output))), name: output)
    }

    /// The view is rolled and pitched as the tags say (the horizon within 0.5°) and faces their
    /// heading: the north post stands `-heading` from the centre (checked when the view is level).
    static func expectFirstView(_ image: RGBImage, _ view: Case, path: String) {
        let (tilt, middle) = PhotoPoseTests.horizon(image)
        let wanted = expectedHorizon(view)
        #expect(abs(tilt - wanted.tilt) < 0.5, "\(path): \(view.testDescription): the horizon tilts \(tilt)°, not \(wanted.tilt)°")
        let offBy = atan(abs(middle - wanted.middle) / focal) * 180 / .pi
        #expect(offBy < 0.5, "\(path): \(view.testDescription): the horizon is at row \(middle), not \(wanted.middle)")
        guard view.pitch == 0, view.roll == 0 else { return }
        let north = PhotoPoseTests.post(image, horizonRow: Int(middle), fieldOfView: fieldOfView)
        let wantedNorth = -((view.heading + 180).truncatingRemainder(dividingBy: 360) - 180)
        #expect(
            north.map { abs($0 - wantedNorth) < 0.5 } == true,
            "\(path): \(view.testDescription): north is \(north.map { "\($0)°" } ?? "not in view") from the centre, not \(wantedNorth)°")
    }

    @Test("the first view faces, tilts and rolls as the InitialView tags say, through snapshot, import and tile", arguments: cases)
    func firstView(view: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-initial-\(UUID().uuidString)")
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try PhotoPoseTests.writePhoto(view.pose, more: Self.tags(view), into: photos)
        for (source, path) in try PhotoPoseTests.sources(photo: photo, in: folder) {
            Self.expectFirstView(try Self.snapshotFirstView(source, in: folder), view, path: path)
        }
    }

    @Test("the explorer opens rolled as the photo says, and the first turn levels it")
    func explorerLevelsOnTurn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-initial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tags = [("InitialViewHeadingDegrees", "0"), ("InitialViewRollDegrees", "5")]
        let photo = try PhotoPoseTests.writePhoto(Self.level, more: tags, into: folder)
        let session = try PhotoPoseTests.explorer(photo, flags: "")
        defer { session.close() }
        let first = PhotoPoseTests.horizon(try PhotoPoseTests.explorerView(session, showing: "Heading 0°"))
        // A pixel is 0.38° of tilt over the 150 columns measured.
        #expect(abs(first.tilt + 5) < 0.5, "the explorer's first view tilts \(first.tilt)°, not -5° (rolled counterclockwise)")
        try session.send("Right")
        let turned = PhotoPoseTests.horizon(try PhotoPoseTests.explorerView(session, showing: "Heading 15°"))
        #expect(abs(turned.tilt) < 0.5, "after a turn the horizon tilts \(turned.tilt)°")
        try session.send("q")
    }
}
