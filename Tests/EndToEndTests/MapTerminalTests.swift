import Foundation
import TestSupport
import Testing

/// The minimap and the full map in a real terminal (tmux) and in the fronts without a picture.
@Suite("Maps, as people use them")
struct MapTerminalTests {
    private static let environment = ["SWIFT_BACKTRACE": "interactive=no"]

    @Test(
        "at 120×36 the minimap is on; m hides it; M opens the map, the arrows move its cursor, Enter walks there, q restores the terminal")
    func inTmux() throws {
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-map-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --reduce-motion --events '\(events.path)'",
            columns: 120, rows: 36, environment: Self.environment)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("●") }, "the minimap shows where you are")
        try session.send("m")
        #expect(try session.waitUntil { try !session.capture().contains("●") && session.capture().contains("minimap off") })
        try session.send("M")
        #expect(try session.waitUntil { try session.capture().contains("Map · 1 m a dot") && session.capture().contains("Main Street") })
        try session.send("Right", "Right", "Right")
        #expect(try session.waitUntil { try session.capture().contains("Cursor 24 m east of you") })
        try session.send("Enter")
        #expect(
            try session.waitUntil { try !session.capture().contains("Map · ") && session.capture().contains("Main Street at Station Road") }
        )
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
        #expect(session.exitStatus == 0)
        let log = try String(contentsOf: events, encoding: .utf8)
        #expect(log.contains("\"event\":\"didMoveToPanoramaNearCoordinate\""), "\(log.suffix(400))")
    }

    @Test("without the picture, M describes the neighbourhood in words and the cursor's moves are spoken")
    func inWords() throws {
        let run = try ProgramRun.sidewalk(["--headless", "--keys", "M r Right Tab Escape"])
        #expect(run.status == 0, "\(run.standardError)")
        var lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(run.standardOutput)")
        #expect(lines[1].hasPrefix("Map. You are at Main Street 16, Lindenfeld. Nearest: "), "\(lines)")
        // The opening is heard in about ten seconds; r says the rest.
        #expect(lines[1].contains("Café Aurora, 10 metres north-west") && lines[1].split(separator: " ").count <= 30, "\(lines)")
        #expect(lines[2].contains("Streets: Main Street, east and west.") && lines[2].contains("Arrows move the cursor"), "\(lines)")
        lines.remove(at: 2)
        #expect(lines[2].hasPrefix("Cursor 8 metres east of you. Nearest panorama: Main Street 18, Lindenfeld, 4 metres east"), "\(lines)")
        #expect(
            lines[3].hasPrefix("Café Aurora. Cursor 10 metres north-west of you. Nearest panorama: Main Street 16, Lindenfeld"),
            "the nearest place first; Main Street in winter is where you stand, on another date: \(lines)")
        #expect(lines[4] == "Map closed.")
    }

    @Test("snapshot --map writes the map around a place as a PNG and as ANSI art; a single image has no map")
    func snapshot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path
        let png = try ProgramRun.sidewalk([
            "snapshot", demo, "--map", "--size", "480x320", "--output", folder.appendingPathComponent("map.png").path
        ])
        #expect(png.status == 0, "\(png.standardError)")
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("map.png")))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.count > 1000)
        let ans = try ProgramRun.sidewalk([
            "snapshot", demo, "--map", "--size", "80x24", "--output", folder.appendingPathComponent("map.ans").path
        ])
        #expect(ans.status == 0, "\(ans.standardError)")
        let art = try String(contentsOf: folder.appendingPathComponent("map.ans"), encoding: .utf8)
        #expect(art.contains("Main Street") && art.contains("╋") && art.contains("◆"))
        let image = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/default-panorama.png").path
        let refused = try ProgramRun.sidewalk(["snapshot", image, "--map", "--output", folder.appendingPathComponent("x.png").path])
        #expect(refused.status == 2 && refused.standardError.contains("--map needs a DATASET"), "\(refused.standardError)")
    }
}
