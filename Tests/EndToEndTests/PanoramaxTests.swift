import Foundation
import TestSupport
import Testing

/// Panoramax as users meet it: found near a place or by id, walked along its sequence and to
/// other dates, credited, opened from a viewer's URL; against a Panoramax-shaped server of our
/// own on loopback (PanoramaxFixture).
@Suite("Panoramax")
struct PanoramaxTests {
    /// The panoramas moved to, in order, from an --events file.
    private static func moves(_ path: URL) throws -> [String] {
        try String(contentsOf: path, encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { ($0["event"] as? String) == "didMoveToPanorama" }  // sent on every change, the start too
            .compactMap { $0["panorama"] as? String }
    }

    private static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-\(UUID().uuidString)-\(name)")
    }

    @Test(
        "--at opens the nearest 360° picture; w walks the sequence forward, s steps back still facing ahead, and --events shows each move")
    func walkTheSequence() throws {
        let server = try PanoramaxFixture()
        let events = Self.temporaryFile("events.jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        let a = PanoramaxFixture.a
        let run = try ProgramRun.sidewalk(
            [
                "panoramax", "--server", server.address, "--at", PanoramaxFixture.nearA0, "--heading", "90",
                "--headless", "--keys", "w w w w s w", "--events", events.path
            ], timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Self.moves(events) == [a[0], a[1], a[2], a[3], a[4], a[3], a[4]], "\(run.standardOutput)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(
            lines.first?.hasPrefix("46.9412 north, 7.4445 east, 21 June 2024; facing east; one way, east along this sequence.") == true,
            "\(run.standardOutput)")
        // The flat picture beside A1 is not walked: A1 has its two ways along the sequence only.
        #expect(lines.count > 1 && lines[1].hasSuffix("; new way west along this sequence."), "\(run.standardOutput)")
        // Every request says who asks; the flat picture's item was read once, to learn it is flat.
        let requests = server.requests()
        #expect(requests.allSatisfy { $0.userAgent.hasPrefix("sidewalk/") && $0.userAgent.contains("terminal") })
        #expect(requests.filter { $0.path == "/api/pictures/\(PanoramaxFixture.flat)" }.count == 1)
    }

    @Test("t goes to the same place on another date (a related picture), and back")
    func otherDates() throws {
        let server = try PanoramaxFixture()
        let a = PanoramaxFixture.a
        let run = try ProgramRun.sidewalk([server.dataset, "--pano", a[3], "--headless", "--keys", "t t"], timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 5, "\(run.standardOutput)")
        #expect(lines[1].hasPrefix("46.9412 north, 7.4450 east, 15 January 2023;"), "\(run.standardOutput)")
        #expect(lines[2] == "Date 1 of 2: 15 January 2023.", "which date of how many: \(run.standardOutput)")
        #expect(lines[3].hasPrefix("46.9412 north, 7.4450 east, 21 June 2024;"), "\(run.standardOutput)")
        #expect(lines[4] == "Date 2 of 2: 21 June 2024.", "\(run.standardOutput)")
        #expect(lines[0].contains("north along another sequence (2023-01-15)"), "a way to the other date: \(run.standardOutput)")
    }

    @Test("a picture that answers 429 with Retry-After is asked again after the pause the server asked for")
    func retryAfter() throws {
        let server = try PanoramaxFixture()
        let a = PanoramaxFixture.a
        let run = try ProgramRun.sidewalk([server.dataset, "--pano", a[3], "--headless", "--keys", ""], timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        let asked = server.requests().filter { $0.path == "/api/pictures/\(a[3])" }.map(\.time)
        #expect(asked.count == 2, "\(server.requests().map(\.path))")
        if asked.count == 2 { #expect(asked[1] - asked[0] >= 0.95, "Retry-After: 1 waited for: \(asked[1] - asked[0]) s") }
    }

    @Test("info names the picture's producer, licence and date; a snapshot carries them as PNG text")
    func credit() throws {
        let server = try PanoramaxFixture()
        let info = try ProgramRun.sidewalk(["info", server.dataset, "--at", PanoramaxFixture.nearA1], timeLimit: 120)
        #expect(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.contains("panorama:   \(PanoramaxFixture.a[1])"), "\(info.standardOutput)")
        #expect(info.standardOutput.contains("credit:   © Lindenfeld survey, CC-BY-SA-4.0"), "\(info.standardOutput)")
        #expect(info.standardOutput.contains("date:     2024-06-21"), "\(info.standardOutput)")
        let output = Self.temporaryFile("snapshot.png")
        defer { try? FileManager.default.removeItem(at: output) }
        let snapshot = try ProgramRun.sidewalk(
            ["snapshot", server.dataset, "--at", PanoramaxFixture.nearA1, "--output", output.path], timeLimit: 120)
        #expect(snapshot.status == 0, "\(snapshot.standardError)")
        let png = try Data(contentsOf: output)
        let copyright = Data("iTXtCopyright\0\0\0\0\0© Lindenfeld survey, CC-BY-SA-4.0".utf8)
        #expect(png.range(of: copyright) != nil, "the credit travels with the picture")
    }

    @Test("the 2048-pixel sd image serves a wide view; the original (hd) is fetched only when a view needs more pixels")
    func originalOnlyWhenNeeded() throws {
        let server = try PanoramaxFixture()
        let output = Self.temporaryFile("view.png")
        defer { try? FileManager.default.removeItem(at: output) }
        let id = PanoramaxFixture.a[1]
        let hd = "/api/pictures/\(id)/hd.jpg"
        let wide = try ProgramRun.sidewalk(
            ["snapshot", server.dataset, "--pano", id, "--size", "480x270", "--output", output.path], timeLimit: 120)
        #expect(wide.status == 0, "\(wide.standardError)")
        #expect(!server.requests().contains { $0.path == hd }, "480 pixels across 90° need 1920 round the circle: sd is enough")
        let zoomed = try ProgramRun.sidewalk(
            ["snapshot", server.dataset, "--pano", id, "--size", "480x270", "--zoom", "4", "--output", output.path],
            timeLimit: 120)
        #expect(zoomed.status == 0, "\(zoomed.standardError)")
        #expect(server.requests().filter { $0.path == hd }.count == 1, "zoom 4 needs 4× as many: the original")
    }

    @Test("a picture opens looking along its sequence (view:azimuth), named by its place; --heading still wins")
    func opensAlongTheSequence() throws {
        let server = try PanoramaxFixture()
        let run = try ProgramRun.sidewalk(
            ["panoramax", "--server", server.address, "--at", PanoramaxFixture.nearA0, "--headless", "--keys", ""], timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("46.9412 north, 7.4445 east, 21 June 2024; facing east;"), "\(run.standardOutput)")
        let asked = try ProgramRun.sidewalk(
            ["panoramax", "--server", server.address, "--at", PanoramaxFixture.nearA0, "--heading", "200", "--headless", "--keys", ""],
            timeLimit: 120)
        #expect(asked.standardOutput.hasPrefix("46.9412 north, 7.4445 east, 21 June 2024; facing south;"), "\(asked.standardOutput)")
    }

    @Test("the URL u shares names the server, so sidewalk open reopens the same picture and view there")
    func sharedURLReopens() throws {
        let server = try PanoramaxFixture()
        let shared = try ProgramRun.sidewalk(
            ["panoramax", "--server", server.address, "--pano", PanoramaxFixture.a[2], "--heading", "200", "--headless", "--keys", "u"],
            timeLimit: 120)
        #expect(shared.status == 0, "\(shared.standardError)")
        let url = try #require(shared.standardOutput.split(separator: "\n").last.map(String.init))
        let encodedServer =
            "panoramax%3A" + server.address.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: "/", with: "%2F")
        #expect(url.hasPrefix("sidewalk://view?pano=\(PanoramaxFixture.a[2])&") && url.hasSuffix("&dataset=" + encodedServer), "\(url)")
        let reopened = try ProgramRun.sidewalk(["open", url, "--headless", "--keys", ""], timeLimit: 120)
        #expect(reopened.status == 0, "\(reopened.standardError)")
        let firstLine = { (run: ProgramRun) in run.standardOutput.split(separator: "\n").first.map(String.init) }
        #expect(
            firstLine(reopened) == firstLine(shared) && firstLine(shared)?.contains(", 21 June 2024; facing south;") == true)
    }

    @Test("the map shows the server's coverage tiles: a line where the fixture has a sequence no picture read links to")
    func coverageOnTheMap() throws {
        let server = try PanoramaxFixture()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString).ans")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try ProgramRun.sidewalk(
            [
                "snapshot", server.dataset, "--at", PanoramaxFixture.nearA0, "--map", "--size", "120x40", "--color", "truecolor",
                "--output", output.path
            ], timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        // seq-g is 56 m north of A0 (coverage-15.mvt): 14 rows up from the map's middle.
        let rows = try String(contentsOf: output, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let teal = "\u{1B}[38;2;60;170;160m"
        let coverageRows = rows.indices.filter { rows[$0].contains(teal) }
        #expect(coverageRows == [20 - 14], "coverage drawn on rows \(coverageRows)")
        #expect(server.requests().filter { $0.path.hasPrefix("/api/map/15/17061/11533.mvt") }.count == 1, "one tile, fetched once")
    }

    /// Keys that open the map at A0 and move its cursor 56 m north and 16 m east, 1 m from G0
    /// (an arrow moves it 8 m at the map's opening scale), then Enter.
    static let mapToG = ["M"] + Array(repeating: "Up", count: 7) + Array(repeating: "Right", count: 2) + ["Enter"]

    @Test("Enter on the map where the coverage shows imagery not read yet: it is read, and the walk goes there")
    func enterWalksToCoverage() throws {
        let server = try PanoramaxFixture()
        let run = try ProgramRun.sidewalk(
            [
                "panoramax", "--server", server.address, "--pano", PanoramaxFixture.a[0], "--geocoder", "off", "--headless", "--keys",
                Self.mapToG.joined(separator: " ")
            ], timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.hasSuffix("\nLindenfeld north by bike, 1 March 2025.\n"),
            "named by its sequence's title, no geocoder being asked: \(run.standardOutput)")
        #expect(server.requests().filter { $0.path == "/api/collections/seq-g" }.count == 1, "the title asked once for the sequence")
        #expect(server.requests().contains { $0.path.hasPrefix("/api/search?place_position=") && $0.path.contains("46.9417") })
        #expect(server.requests().contains { $0.path == "/api/pictures/\(PanoramaxFixture.g[0])" }, "G0's own item read, for its ways")
    }

    @Test("in the full-screen explorer, the same Enter reads off the loop and goes there")
    func enterWalksToCoverageInTmux() throws {
        let server = try PanoramaxFixture()
        let cache = Self.temporaryFile("cache")
        defer { try? FileManager.default.removeItem(at: cache) }
        let session = try TmuxSession(
            command:
                "'\(BuiltProducts.sidewalk)' panoramax --server \(server.address) --pano \(PanoramaxFixture.a[0]) --geocoder off --reduce-motion",
            columns: 120, rows: 36, environment: ["XDG_CACHE_HOME": cache.path, "SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 60) { try session.capture().contains("46.9412° N, 7.4445° E") })
        for key in Self.mapToG { try session.send(key) }
        #expect(
            try session.waitUntil(timeout: 60) { try session.capture().contains("Lindenfeld north by bike · 2025-03-01") },
            "\((try? session.capture()) ?? "")")
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
    }

    @Test("a Panoramax viewer's URL opens its picture and view on its own server")
    func viewerURL() throws {
        let server = try PanoramaxFixture()
        let id = PanoramaxFixture.a[2]
        let url = "\(server.address)/#focus=pic&map=19/46.9412/7.4448&pic=\(id)&xyz=180.0/10/0"
        let run = try ProgramRun.sidewalk(["open", url, "--headless", "--keys", ""], timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.hasPrefix("46.9412 north, 7.4448 east, 21 June 2024; facing south, looking up 10 degrees;"),
            "\(run.standardOutput)")
    }

    @Test("in the full-screen explorer, w and s walk the sequence forward and back, each move in --events")
    func walkInTmux() throws {
        let server = try PanoramaxFixture()
        let events = Self.temporaryFile("events.jsonl")
        let cache = Self.temporaryFile("cache")
        defer {
            try? FileManager.default.removeItem(at: events)
            try? FileManager.default.removeItem(at: cache)
        }
        let a = PanoramaxFixture.a
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' panoramax --server \(server.address) --at \(PanoramaxFixture.nearA0) --heading 90 "
                + "--geocoder off --reduce-motion --events '\(events.path)'",
            columns: 120, rows: 36, environment: ["XDG_CACHE_HOME": cache.path, "SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        // The top line names each picture by its place (a[0] to a[2] step 0.00016° east).
        #expect(
            try session.waitUntil(timeout: 60) {
                try session.capture().contains("46.9412° N, 7.4445° E") && session.capture().contains("Lindenfeld survey")
            })
        for (key, arrival) in [("w", "46.9412° N, 7.4447° E"), ("w", "46.9412° N, 7.4448° E"), ("s", "46.9412° N, 7.4447° E")] {
            try session.send(key)
            #expect(try session.waitUntil(timeout: 60) { try session.capture().contains(arrival) }, "\(key) to \(arrival)")
        }
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
        #expect(session.exitStatus == 0)
        #expect(try Self.moves(events) == [a[0], a[1], a[2], a[1]])
    }
}
