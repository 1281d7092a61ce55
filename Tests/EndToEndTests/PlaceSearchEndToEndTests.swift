import Foundation
import TestSupport
import Testing

/// Finding a place of the demo town by name, as a user types it: `--find`, `:find` and `/`, in
/// the headless explorer, in tmux and in a snapshot.
@Suite("Finding places by name, offline")
struct PlaceSearchEndToEndTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    @Test("--find with a typo opens facing the bakery; :find goes on to the clock tower; nothing found is status 3")
    func headless() throws {
        let run = try ProgramRun.sidewalk([Self.demo, "--headless", "--find", "bakry", "--keys", ":find clock tower"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.first == "Station Road 6, Lindenfeld, 21 June 2024; facing north-west; ways north and south; Bakery Korn 8 metres ahead.",
            "\(lines)")
        // The arrival names the tower; its note is not said twice.
        #expect(
            lines.last == "Main Street 24; facing south, looking up 58 degrees; ways west and east; Clock Tower 8 metres ahead.", "\(lines)"
        )

        let missing = try ProgramRun.sidewalk([Self.demo, "--headless", "--find", "zeppelin field", "--geocoder", "off", "--keys", "q"])
        #expect(missing.status == 3)
        #expect(missing.errorLines == ["sidewalk: \(Self.demo): no place named 'zeppelin field' with street-level imagery within 200 m"])
        let image = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/default-panorama.png").path
        let refused = try ProgramRun.sidewalk([image, "--headless", "--find", "bakery", "--keys", "q"])
        #expect(refused.status == 2 && refused.standardError.contains("--find choose within a dataset"))
    }

    @Test("/ then a name and Enter, in tmux: the view turns to the place and the status line names it")
    func slashInTmux() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --color truecolor --reduce-motion", columns: 120, rows: 36,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        func status() throws -> String {
            try String(session.capture().split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "")
        }
        #expect(try session.waitUntil(timeout: 30) { try status().contains("1 E Main Street") })
        try session.send("/")
        #expect(try session.waitUntil { try status().contains(":find ") })
        try session.send("-l", "bakry")
        try session.send("Enter")
        #expect(try session.waitUntil { try status().contains("Bakery Korn, 8 m ahead") }, "\((try? status()) ?? "")")
        #expect(try status().contains("Heading 300° NW"))
        try session.send(":")
        try session.send("-l", "find clock tower")
        try session.send("Enter")
        #expect(try session.waitUntil { try status().contains("Clock Tower, 8 m ahead") }, "\((try? status()) ?? "")")
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }

    @Test("info --list names every panorama and marker with its place; info --find says which panorama it opens")
    func infoList() throws {
        let run = try ProgramRun.sidewalk(["info", Self.demo, "--list"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let panoramas = try #require(lines.firstIndex(of: "panoramas (id, place, date, source, description):"))
        let markers = try #require(lines.firstIndex(of: "markers (id, place, title: snippet):"))
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.demo + "/manifest.json"))) as? [String: Any]
        let ids = ((manifest?["panoramas"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        #expect(markers - panoramas - 1 == ids.count && ids.count == 33)
        #expect(lines.contains("  main-3  46.9412,7.444984  2024-06-21  outdoor  Main Street 16, Lindenfeld"), "\(lines[panoramas + 4])")
        #expect(lines.suffix(from: markers + 1).contains("  bakery-korn  46.94156,7.445208  Bakery Korn: Bread since 1911"))
        #expect(lines.count == markers + 7, "six markers")

        let found = try ProgramRun.sidewalk(["info", Self.demo, "--find", "bakry"])
        #expect(found.status == 0 && found.standardOutput.contains("  about:    Station Road 6, Lindenfeld"), "\(found.standardOutput)")
    }

    @Test("--find a tower arrives framing it: its label in the view, not a hint above it")
    func framesTheTower() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --find 'clock tower' --geocoder off", columns: 120, rows: 40,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Pitch 58°") }, "\((try? session.capture()) ?? "")")
        let screen = try session.capture()
        #expect(screen.contains("◆ Clock Tower 8 m") && !screen.contains("▲ ◆ Clock Tower"), "\(screen)")
    }
}
