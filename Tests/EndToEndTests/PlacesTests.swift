import Foundation
import PanoCore
import TestSupport
import Testing

/// The street map's places and house numbers around real streets: a map made by the reference
/// encoder (Support/places.pmtiles, scripts/reference/make_places_basemap.py) around the loopback
/// Panoramax's Main Street, read from the file and from a tile server's TileJSON on loopback.
@Suite("Places around you on real streets")
struct PlacesTests {
    static let places = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Tests/EndToEndTests/Support/places.pmtiles").path
    /// Where the map's bakery stands: 20 m from A0 at bearing 30 (make_places_basemap.py).
    static let a0 = Coordinate(latitude: 46.9412, longitude: 7.444509676513945)!
    static let bakery = a0.offset(by: 20, bearing: 30)
    static let a1 = Coordinate(latitude: 46.9412, longitude: 7.444509676513945 + 0.000158064697217)!

    /// A folder for one test's files, removed after it.
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func environment(_ folder: URL) -> [String: String] {
        [
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "SWIFT_BACKTRACE": "interactive=no"
        ]
    }

    @Test(
        "said: the place named by the house number 4 m away, r groups the places by side, Tab and Enter read the bakery, /bakery faces it")
    func said() throws {
        let server = try PanoramaxFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.sidewalk(
            [
                server.dataset, "--at", PanoramaxFixture.nearA0, "--heading", "0", "--basemap", Self.places, "--geocoder", "off",
                "--headless", "--keys", "r r Tab Tab Tab Enter / b a k e r y Enter r"
            ], environment: Self.environment(folder), timeLimit: 60)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "12 Rue Mercière, 21 June 2024; facing north; one way, east along this sequence.", "\(lines)")
        // Nearest first, by side; the museum, most notable but farthest, after the rest.
        #expect(
            lines.contains(
                "Facing north, 0 degrees, at 12 Rue Mercière, 21 June 2024. One way, east along this sequence. "
                    + "On the left: Mercière 10 metres. Ahead on the right: Boulangerie Dupont 20. r again: 4 more."), "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("Further: Behind on the right: Café des Arts 35 metres.")
                    && $0.hasSuffix("On the right: Musée des Tissus 140.")
            })
        #expect(lines.contains("Focus: Boulangerie Dupont 20 metres ahead on the right."), "\(lines)")
        #expect(lines.contains("Boulangerie Dupont, bakery, 20 metres ahead on the right"), "\(lines)")
        // Found on the map, not by a geocoder (none may be asked): A1 is the picture nearest it.
        #expect(lines.contains("14 Rue Mercière; new way west along this sequence."), "\(lines)")
        #expect(lines.contains("Boulangerie Dupont, 17 metres ahead"), "\(lines)")
        let facing = Int(Self.a1.bearing(to: Self.bakery).rounded())
        #expect(lines.last?.hasPrefix("Facing north, \(facing) degrees, at 14 Rue Mercière") == true, "\(lines.last ?? "")")
        // Every name reached the terminal through the sanitiser: the hostile shop's escapes are text.
        #expect(run.standardOutput.contains("Evil\u{FFFD}]0;pwned\u{FFFD} Shop\u{FFFD}[2J 60"), "\(run.standardOutput)")
        #expect(!run.standardOutput.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
    }

    @Test(
        "seen: facing north the bakery's marker is on the right half within 3° of its bearing; Tab focuses it; no escape of a name reaches tmux"
    )
    func seen() throws {
        let server = try PanoramaxFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' \(server.dataset) --at \(PanoramaxFixture.nearA0) --heading 0 --basemap '\(Self.places)' "
                + "--geocoder off --reduce-motion",
            columns: 160, rows: 48, environment: Self.environment(folder))
        defer { session.close() }
        let label = "◆ Boulangerie Dupont 20 m"
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains(label) }, "\((try? session.capture()) ?? "")")
        let screen = try session.capture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(screen.first?.contains("12 Rue Mercière · 2024-06-21") == true, "\(screen.first ?? "")")
        let row = try #require(screen.first { $0.contains(label) })
        let start = row[..<row.range(of: label)!.lowerBound].count
        // The label is centred on the marker's direction; the view is 160 columns across 90°.
        let centre = Double(start) + Double(label.count) / 2
        let bearing = Degrees.degrees(fromRadians: atan((centre - 80) / 80))
        #expect(centre > 80 && abs(bearing - Self.a0.bearing(to: Self.bakery)) < 3, "label at \(start), bearing \(bearing)")
        // Each of the six places in range labelled once (the minimap's ◆ stand alone).
        let labels = screen.joined(separator: "\n").matches(of: /◆ [^◆\n⠀-⣿]+? \d+ m/).map { String($0.output) }
        #expect(labels.count == 6, "\(labels)")
        try session.send("Tab", "Tab", "Tab")
        #expect(try session.waitUntil(timeout: 10) { try session.capture().contains("» \(label)") }, "\((try? session.capture()) ?? "")")
        try session.send("Enter")
        #expect(
            try session.waitUntil(timeout: 10) {
                try session.capture().contains("Boulangerie Dupont, bakery, 20 metres ahead on the right")
            })
        // The hostile shop, 60 m away, is turned to: its name shows as text; no title was set.
        try session.send("Left")
        #expect(
            try session.waitUntil(timeout: 10) { try session.capture().contains("Evil\u{FFFD}]0;pwned\u{FFFD} Shop") },
            "\((try? session.capture()) ?? "")")
        #expect(try !session.command(["display-message", "-p", "#{pane_title}"]).contains("pwned"))
    }

    @Test(
        "from a tile server's TileJSON on loopback, as OpenFreeMap serves them, with no --basemap: headless, on screen as the tiles arrive, and in --describe"
    )
    func fromTileJSON() throws {
        let server = try PanoramaxFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try WebBasemapTests.extractTiles(from: Self.places, around: PanoramaxFixture.nearA0, into: folder.appendingPathComponent("tiles"))
        try Data(#"{"tilejson": "3.0.0", "tiles": ["tiles/{z}/{x}/{y}.pbf"], "minzoom": 14, "maxzoom": 15}"#.utf8)
            .write(to: folder.appendingPathComponent("planet"))
        let tiles = try FaultServer(folder: folder)
        var environment = Self.environment(folder)
        environment["SIDEWALK_STREET_MAP"] = tiles.base + "planet"
        let run = try ProgramRun.sidewalk(
            [server.dataset, "--at", PanoramaxFixture.nearA0, "--heading", "0", "--geocoder", "off", "--headless", "--keys", "r"],
            environment: environment, timeLimit: 60)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("12 Rue Mercière, 21 June 2024;"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("Ahead on the right: Boulangerie Dupont 20."), "\(run.standardOutput)")
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' \(server.dataset) --at \(PanoramaxFixture.nearA0) --heading 0 --geocoder off",
            columns: 160, rows: 48, environment: environment)
        defer { session.close() }
        #expect(
            try session.waitUntil(timeout: 30) { try session.capture().contains("◆ Boulangerie Dupont 20 m") },
            "\((try? session.capture()) ?? "")")
        // --describe, on a terminal, says them too.
        let described = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' \(server.dataset) --at \(PanoramaxFixture.nearA0) --heading 0 --geocoder off --describe",
            columns: 240, rows: 48, environment: environment)
        defer { described.close() }
        #expect(try described.waitUntil(timeout: 30) { try described.capture().contains("12 Rue Mercière, 21 June 2024; facing north") })
        try described.send("r")
        #expect(
            try described.waitUntil(timeout: 10) { try described.capture().contains("Ahead on the right: Boulangerie Dupont 20.") },
            "\((try? described.capture()) ?? "")")
    }

    @Test("a default street map that stalls holds the start a few seconds at most: the picture is then named by its coordinates")
    func stalledStreetMap() throws {
        let server = try PanoramaxFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("planet"))
        let tiles = try FaultServer(folder: folder, faults: ["planet": "stall"])
        var environment = Self.environment(folder)
        environment["SIDEWALK_STREET_MAP"] = tiles.base + "planet"
        let started = Date()
        let run = try ProgramRun.sidewalk(
            [server.dataset, "--at", PanoramaxFixture.nearA0, "--geocoder", "off", "--headless", "--keys", "q"], environment: environment,
            timeLimit: 60)
        #expect(run.status == 0 && run.standardOutput.hasPrefix("46.9412 north, 7.4445 east"), "\(run.standardOutput)\(run.standardError)")
        // One try of 4 s, not the client's 10 s and its retries.
        #expect(Date().timeIntervalSince(started) < 9, "\(Date().timeIntervalSince(started)) s")
    }
}
