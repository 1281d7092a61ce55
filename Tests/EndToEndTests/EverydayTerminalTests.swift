import Foundation
import PanoImage
import TestSupport
import Testing

/// The small things people meet first, tried in tmux as they would: walking, a camera's own
/// starting view, and the screen-reader mode.
@Suite("Everyday use in a terminal")
struct EverydayTerminalTests {
    static let backtraceOff = ["SWIFT_BACKTRACE": "interactive=no"]

    private static func lines(_ session: TmuxSession) throws -> [Substring] {
        try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test(
        "walking: way 1 is the way ahead; s steps back keeping the heading; facing a wall w names the ways; a double click walks; a photo offers no walk"
    )
    func walking() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --reduce-motion", columns: 120, rows: 36,
            environment: Self.backtraceOff)
        defer { session.close() }
        func status() throws -> String { try String(Self.lines(session).dropLast().last { !$0.isEmpty } ?? "") }
        func top() throws -> String { try String(Self.lines(session).first ?? "") }
        #expect(try session.waitUntil(timeout: 30) { try status().contains("1 E Main Street  2 W Main Street") })
        try session.send("w")
        #expect(try session.waitUntil { try top().hasPrefix(" Main Street 18") })
        try session.send("s")
        #expect(try session.waitUntil { try top().hasPrefix(" Main Street 16") })
        let back = try status()
        #expect(back.contains("Heading 90° E"), "s kept the heading: \(back)")
        try session.send("n", "w")
        #expect(
            try session.waitUntil { try status().contains("no way forward; ways go east along Main Street and west along Main Street") })
        // Facing north, a double click on the ground right of the centre (about 40° east) walks east.
        let mouse = TmuxSession.mouseReport
        let click = mouse(0, 100, 30) + mouse(3, 100, 30)
        try session.sendBytes(click + click)
        #expect(try session.waitUntil { try top().hasPrefix(" Main Street 18") }, "\((try? top()) ?? "")")
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })

        let photo = try TmuxSession(
            command:
                "'\(BuiltProducts.sidewalk)' --color truecolor '\(BuiltProducts.packageRoot(from: #filePath).path)/Assets/default-panorama.png'",
            columns: 120, rows: 36, environment: Self.backtraceOff)
        defer { photo.close() }
        #expect(try photo.waitUntil(timeout: 30) { try photo.capture().contains("arrows turn") })
        #expect(try !photo.capture().contains("w walk"), "one photo has nowhere to walk")
        try photo.send("q")
        #expect(photo.waitUntil(timeout: 30) { photo.exitStatus != nil })
    }

    @Test("a 360° photo opens where its GPano metadata says to look, as wide as it says")
    func photoStartingView() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-everyday-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gpano = [("ProjectionType", "equirectangular"), ("InitialViewHeadingDegrees", "200"), ("InitialHorizontalFOVDegrees", "45")]
        let photo = TestPhotoMetadata.insert(
            [TestPhotoMetadata.xmp(gpano)], into: try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 512, height: 256)))
        let path = folder.appendingPathComponent("camera.jpg").path
        try Data(photo).write(to: URL(fileURLWithPath: path))
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor '\(path)'", columns: 120, rows: 36,
            environment: Self.backtraceOff)
        defer { session.close() }
        #expect(
            try session.waitUntil(timeout: 30) { try session.capture().contains("Heading 200° S · Pitch 0° · Zoom 2.4×") },
            "\((try? session.capture().suffix(200)) ?? "")")
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }

    @Test("--describe: the place, facing and ways first; r with two markers, r again the rest; : is echoed; an unbound key is answered")
    func listening() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --describe", columns: 200, rows: 30, environment: Self.backtraceOff)
        defer { session.close() }
        #expect(
            try session.waitUntil(timeout: 30) {
                try session.capture().contains("Main Street 16, Lindenfeld, 21 June 2024; facing east; ways east and west.")
            })
        try session.send("r")
        #expect(
            try session.waitUntil {
                try session.capture().contains("Behind on the left: Café Aurora 10 metres. On the left: Bakery Korn 45. r again: 4 more.")
            })
        try session.send("r")
        #expect(try session.waitUntil { try session.capture().contains("Further: ") })
        try session.send(":", "g", "o")
        #expect(try session.waitUntil { try session.capture().contains("Command line.") && Self.lines(session).contains("o") })
        try session.send("Escape", "Z")
        #expect(try session.waitUntil { try session.capture().contains("Z does nothing here; ? lists the keys.") })
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }
}
