import Foundation
import TestSupport
import Testing

/// A recording played by Debian's asciinema, a player nobody here wrote: it must reach the
/// screen the live run showed, and every line must be what the asciicast v2 description says.
@Suite("Recordings in asciinema")
struct AsciinemaPlayTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    @Test("a walk recorded live plays in asciinema play to the same screen, and validates against the v2 description")
    func plays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-asciinema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("walk.cast").path
        let live = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --geocoder off --record '\(cast)'", columns: 100, rows: 30,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { live.close() }
        #expect(try live.waitUntil(timeout: 30) { try live.capture().contains("Main Street 16") })
        try live.send("w")
        #expect(try live.waitUntil(timeout: 30) { try live.capture().contains("Main Street 18") })
        let walked = try Self.settled(live)
        try live.send("Right")
        #expect(try live.waitUntil(timeout: 30) { try live.capture() != walked })
        let seen = try Self.settled(live)
        try live.send("q")
        #expect(live.waitUntil(timeout: 30) { live.exitStatus == 0 })
        try Self.validate(String(contentsOfFile: cast, encoding: .utf8))

        // asciinema reads keys from its terminal while playing; `read` keeps the pane after it.
        let player = try TmuxSession(command: "asciinema play -i 0.2 '\(cast)'; read done", columns: 100, rows: 30)
        defer { player.close() }
        let reached = try player.waitUntil(timeout: 60) { try player.capture() == seen }
        let shown = try player.capture()
        #expect(reached, "asciinema's screen:\n\(shown)\nlive:\n\(seen)")
    }

    /// The screen once it has not changed for a second.
    static func settled(_ session: TmuxSession) throws -> String {
        var (last, since) = (try session.capture(), Date())
        _ = try session.waitUntil(timeout: 30) {
            let now = try session.capture()
            if now != last { (last, since) = (now, Date()) }
            return Date().timeIntervalSince(since) >= 1
        }
        return last
    }

    /// The asciicast v2 description (docs.asciinema.org, "asciicast v2"): a header object with
    /// `version` 2, whole `width` and `height`, and optional `timestamp` (whole), `duration`,
    /// `idle_time_limit` (numbers), `command`, `title` (strings), `env` (strings) and `theme`;
    /// then `[time, code, data]` lines, time a number not going back, code "o", "i", "m" or "r",
    /// data a string, "COLSxROWS" for "r". Keys it does not describe are ours and named.
    static func validate(_ text: String) throws {
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] is Int && header["height"] is Int)
        #expect(header["timestamp"] == nil || header["timestamp"] is Int)
        for key in ["duration", "idle_time_limit"] { #expect(header[key] == nil || header[key] is Double, "\(key)") }
        for key in ["command", "title"] { #expect(header[key] == nil || header[key] is String, "\(key)") }
        #expect((header["env"] as? [String: Any])?.values.allSatisfy { $0 is String } ?? true)
        let described: Set = ["version", "width", "height", "timestamp", "duration", "idle_time_limit", "command", "title", "env", "theme"]
        #expect(Set(header.keys).subtracting(described) == ["x_sidewalk_cell_pixels"], "our one extension, which players skip")
        var last = 0.0
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let time = try #require(event.first as? Double)
            let code = try #require(event.count == 3 ? event[1] as? String : nil)
            let data = try #require(event[2] as? String)
            #expect(time >= last && ["o", "i", "m", "r"].contains(code))
            if code == "r" { #expect(data.split(separator: "x").compactMap { Int($0) }.count == 2) }
            last = time
        }
    }
}
