import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing
import VirtualTerminal

#if canImport(Glibc)
import Glibc
#endif

/// 360° photos made the way a camera held askew makes them: a level world (sky above the true
/// horizon, ground below, a red post due north) seen through the pose, with the GPano tags that
/// undo it. The pose is applied by rodrigopolo/360GPanoReference's `rotation.js` (`localToWorld`,
/// transcribed below), the reference whose 15 test images and "corrected" views define what
/// PoseHeadingDegrees, PosePitchDegrees and PoseRollDegrees mean; none of Sidewalk's own rotation
/// code makes these pictures. Every path that opens a photo must show them level and facing where
/// it should: `snapshot` of the photo, of the dataset `import` makes of it, and of the tiles
/// `tile` cuts from that dataset.
@Suite("Photos taken with a tilted camera")
struct PhotoPoseTests {
    /// A pose as GPano tags give it, degrees.
    struct Pose: CustomTestStringConvertible, Sendable {
        let heading: Double, pitch: Double, roll: Double
        var testDescription: String { "heading \(heading), pitch \(pitch), roll \(roll)" }
    }

    /// The reference set's pose cases (its images 1–6, 14 and 15), and one steeper mix.
    static let poses = [
        Pose(heading: 315, pitch: 0, roll: 0), Pose(heading: 45, pitch: 0, roll: 0),
        Pose(heading: 0, pitch: 5, roll: 0), Pose(heading: 0, pitch: -5, roll: 0),
        Pose(heading: 0, pitch: 0, roll: 5), Pose(heading: 0, pitch: 0, roll: -5),
        Pose(heading: 45, pitch: 5, roll: 5), Pose(heading: 0, pitch: 90, roll: 0),
        Pose(heading: 200, pitch: -12, roll: 20)
    ]

    /// rotation.js's `localToWorld`: a direction in the picture (heading from its centre, pitch
    /// from its middle row, degrees) to the world's compass heading and pitch, degrees. Axes x
    /// east, y north, z up; roll about y, then pitch about x, then heading about z.
    static func referenceLocalToWorld(_ pose: Pose, heading: Double, pitch: Double) -> (heading: Double, pitch: Double) {
        let rad = Double.pi / 180
        let (r, p, h) = (pose.roll * rad, pose.pitch * rad, pose.heading * rad)
        let v0 = (x: sin(heading * rad) * cos(pitch * rad), y: cos(heading * rad) * cos(pitch * rad), z: sin(pitch * rad))
        let v1 = (x: v0.x * cos(r) - v0.z * sin(r), y: v0.y, z: v0.x * sin(r) + v0.z * cos(r))
        let v2 = (x: v1.x, y: v1.y * cos(p) - v1.z * sin(p), z: v1.y * sin(p) + v1.z * cos(p))
        let v3 = (x: v2.x * cos(h) + v2.y * sin(h), y: -v2.x * sin(h) + v2.y * cos(h), z: v2.z)
        let compass = atan2(v3.x, v3.y) / rad
        return ((compass + 360).truncatingRemainder(dividingBy: 360), asin(min(1, max(-1, v3.z))) / rad)
    }

    static let sky = RGB(90, 150, 230), ground = RGB(120, 90, 50), post = RGB(230, 20, 20)

    /// A 1024×512 photo of the level world as a camera in `pose` took it.
    static func photo(_ pose: Pose) -> RGBImage {
        var image = RGBImage(width: 1024, height: 512)
        for y in 0..<512 {
            let pitch = 90 - (Double(y) + 0.5) / 512 * 180
            for x in 0..<1024 {
                let world = referenceLocalToWorld(pose, heading: (Double(x) + 0.5) / 1024 * 360 - 180, pitch: pitch)
                let fromNorth = min(world.heading, 360 - world.heading)
                image[x, y] = world.pitch > 0 ? (fromNorth < 1.5 && world.pitch < 30 ? post : sky) : ground
            }
        }
        return image
    }

    /// The horizon in a view: per column, the first ground row from the top; its tilt in degrees
    /// (the view's pixels are square) and its height at the middle column, rows, on the line
    /// through the two columns measured (the north post, whose blurred top edge can pass for
    /// ground, may stand in the middle).
    static func horizon(_ view: RGBImage) -> (tilt: Double, middle: Double) {
        // Nearer the ground's blue than the sky's (so a row blended half and half by the filter
        // counts on the side its centre is), and not the red post or its blurred edges.
        let isGround = { (pixel: RGB) in Int(pixel.b) < (Int(sky.b) + Int(ground.b)) / 2 && Int(pixel.r) - Int(pixel.g) < 60 }
        let rows = (0..<view.width).map { x in (0..<view.height).first { isGround(view[x, $0]) } ?? view.height }
        let (left, right) = (Double(rows[view.width / 8]), Double(rows[view.width * 7 / 8]))
        return (atan2(right - left, Double(view.width * 6 / 8)) * 180 / .pi, (left + right) / 2)
    }

    /// Where the north post stands across the view, degrees right of its centre (nil when the
    /// view does not show it), from the red columns just above the horizon.
    static func post(_ view: RGBImage, horizonRow: Int, fieldOfView: Double) -> Double? {
        let row = max(0, horizonRow - 6)
        let red = (0..<view.width).filter { view[$0, row].r > 180 && view[$0, row].g < 90 }
        guard !red.isEmpty else { return nil }
        let centre = Double(red.reduce(0, +)) / Double(red.count) + 0.5
        let focal = Double(view.width) / 2 / tan(fieldOfView / 2 * .pi / 180)
        return atan((centre - Double(view.width) / 2) / focal) * 180 / .pi
    }

    /// Writes the photo for `pose` with its GPano tags, and `more` tags, into `folder`, and
    /// returns its path.
    static func writePhoto(_ pose: Pose, more: [(String, String)] = [], into folder: URL) throws -> String {
        let gpano =
            [
                ("ProjectionType", "equirectangular"), ("PoseHeadingDegrees", String(pose.heading)),
                ("PosePitchDegrees", String(pose.pitch)), ("PoseRollDegrees", String(pose.roll))
            ] + more
        let bytes = TestPhotoMetadata.insert([TestPhotoMetadata.xmp(gpano)], into: try JPEGEncoder.encode(photo(pose), quality: 95))
        let path = folder.appendingPathComponent("askew.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A 320×180 view at zoom 1 (90° across) facing `heading`, level, from `source`.
    static func view(_ source: [String], heading: Double, in folder: URL) throws -> RGBImage {
        let output = folder.appendingPathComponent("view-\(UUID().uuidString).png").path
        let run = try ProgramRun.sidewalk(
            ["snapshot"] + source + [
                "--heading", String(heading), "--pitch", "0", "--zoom", "1",
                "--size", "320x180", "--no-cache", "--output", output
            ])
        #expect(run.status == 0, "\(run.standardError)")
        return try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: output))), name: output)
    }

    /// Every view of `source` facing 0°, 90°, 200° and 300° is level with the horizon at
    /// mid-height; facing north, the post stands at the centre.
    static func expectLevel(_ source: [String], _ pose: Pose, path: String, in folder: URL) throws {
        for heading in [0.0, 90, 200, 300] {
            let view = try view(source, heading: heading, in: folder)
            let (tilt, middle) = horizon(view)
            #expect(abs(tilt) < 0.5, "\(path): \(pose.testDescription): the horizon tilts \(tilt)° facing \(heading)°")
            // 0.5° is 1.6 rows of 180 at 90° across (160 px to the half-width).
            #expect(abs(middle - 90) <= 1.6, "\(path): \(pose.testDescription): the horizon is at row \(middle) of 180 facing \(heading)°")
            guard heading == 0 else { continue }
            let north = post(view, horizonRow: Int(middle), fieldOfView: 90)
            #expect(
                north.map { abs($0) < 0.5 } == true,
                "\(path): \(pose.testDescription): north is \(north.map { "\($0)° right of the view's centre" } ?? "not in view")")
        }
    }

    @Test("a tagged photo is level and faces north where north is, through snapshot, import and tile", arguments: poses)
    func level(pose: Pose) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-pose-\(UUID().uuidString)")
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try Self.writePhoto(pose, into: photos)
        for (source, path) in try Self.sources(photo: photo, in: folder) {
            try Self.expectLevel([source], pose, path: path, in: folder)
        }
    }

    /// Every way a photo is opened: itself (`snapshot`), the dataset `import` makes of its
    /// folder, and the tiles `tile` cuts from that dataset (made in `folder`), each with the
    /// path's name.
    static func sources(photo: String, in folder: URL) throws -> [(source: String, path: String)] {
        let imported = folder.appendingPathComponent("imported").path
        let photos = (photo as NSString).deletingLastPathComponent
        let importRun = try ProgramRun.sidewalk(["import", photos, "--output", imported, "--place", "48.85,2.35"])
        #expect(importRun.status == 0, "\(importRun.standardError)")
        let tiled = folder.appendingPathComponent("tiled").path
        let tileRun = try ProgramRun.sidewalk(["tile", imported, "--output", tiled])
        #expect(tileRun.status == 0, "\(tileRun.standardError)")
        return [(photo, "snapshot"), (imported, "import"), (tiled, "tile")]
    }

    /// The explorer's own screen: a 200×60-cell tmux pane drawn in truecolor half blocks, read
    /// back with its colours (`tmux capture-pane -e`) into pixels, two a cell.
    static func explorerView(_ photo: String, heading: Double) throws -> RGBImage {
        let session = try explorer(photo, flags: "--heading \(heading)")
        defer { session.close() }
        let view = try explorerView(session, showing: "Heading \(Int(heading))°")
        try session.send("q")
        return view
    }

    /// The explorer on `photo` in a 200×60-cell tmux pane, in truecolor half blocks.
    static func explorer(_ photo: String, flags: String) throws -> TmuxSession {
        let command =
            "'\(BuiltProducts.sidewalk)' '\(photo)' \(flags) --color truecolor --format symbols --hide-compass --minimap off"
        return try TmuxSession(command: command, columns: explorerSize.columns, rows: explorerSize.rows)
    }

    static let explorerSize = (columns: 200, rows: 60)

    /// The view on `session`'s screen once its text shows `readout`: every row between the
    /// header and the status line, each cell's two halves.
    static func explorerView(_ session: TmuxSession, showing readout: String) throws -> RGBImage {
        let (columns, rows) = explorerSize
        var screen = ""
        #expect(
            session.waitUntil(timeout: 60) {
                screen = (try? session.capture(escapes: true)) ?? ""
                return screen.contains(readout)
            }, "the explorer drew its view with \(readout)")
        var terminal = VirtualScreen(columns: columns, rows: rows)
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).enumerated() {
            // tmux carries the pen from line to line: nothing is reset between them.
            terminal.feed(Array("\u{1B}[\(row + 1);1H".utf8) + Array(line.utf8))
        }
        var view = RGBImage(width: columns, height: (rows - 2) * 2)
        for row in 1..<(rows - 1) {
            for column in 0..<columns {
                let cell = terminal[column, row]
                let (top, bottom) =
                    cell.glyph == "\u{2584}"
                    ? (cell.background, cell.foreground)
                    : cell.glyph == " " ? (cell.background, cell.background) : (cell.foreground, cell.background)
                view[column, 2 * (row - 1)] = top ?? RGB(0, 0, 0)
                view[column, 2 * (row - 1) + 1] = bottom ?? RGB(0, 0, 0)
            }
        }
        return view
    }

    @Test("the explorer shows a tagged photo level, facing north where north is", arguments: [poses[4], poses[6], poses[8]])
    func explorerShowsItLevel(pose: Pose) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-pose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try Self.writePhoto(pose, into: folder)
        for heading in [0.0, 90] {
            let view = try Self.explorerView(photo, heading: heading)
            let (tilt, middle) = Self.horizon(view)
            // A pixel is 0.38° of tilt over the 150 columns measured.
            #expect(abs(tilt) < 0.5, "\(pose.testDescription): the explorer's horizon tilts \(tilt)° facing \(heading)°")
            #expect(
                abs(middle - Double(view.height) / 2) <= 2,
                "\(pose.testDescription): the horizon is at row \(middle) of \(view.height) facing \(heading)°")
            guard heading == 0 else { continue }
            let north = Self.post(view, horizonRow: Int(middle), fieldOfView: 90)
            #expect(north.map { abs($0) < 1 } == true, "\(pose.testDescription): north is \(north.map { "\($0)°" } ?? "not in view")")
        }
    }

    @Test("the reference's own localToWorld: the image centre faces the pose's heading and pitch")
    func referenceTranscription() {
        let centre = Self.referenceLocalToWorld(Pose(heading: 45, pitch: 5, roll: 5), heading: 0, pitch: 0)
        #expect(abs(centre.heading - 45) < 1e-9 && abs(centre.pitch - 5) < 1e-9)
        // rotation.js's comment: positive roll turns the horizon counterclockwise, so what the
        // picture shows on its middle row to the right of its centre rises above the horizon.
        let right = Self.referenceLocalToWorld(Pose(heading: 0, pitch: 0, roll: 5), heading: 90, pitch: 0)
        #expect(abs(right.pitch - 5) < 1e-9)
    }
}
