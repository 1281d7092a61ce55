import Foundation
import TestSupport
import Testing

/// Mapillary as users meet it, in a terminal: `sidewalk mapillary` against a graph API of our
/// own on loopback (MapillaryFixture, Support/mapillary_server.py), with a token that must reach
/// that server and nothing else.
@Suite("Mapillary")
struct MapillaryTests {
    /// The token's distinctive part: what a leak would show.
    static let tokenPart = "72206abe5035850d"

    /// A folder for one test's files, removed after it.
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-mly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// What the explorer needs: the token, a cache of its own, no geocoder, no backtrace prompt.
    private static func environment(_ folder: URL) -> [String: String] {
        [
            "MAPILLARY_ACCESS_TOKEN": MapillaryFixture.token, "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "SWIFT_BACKTRACE": "interactive=no"
        ]
    }

    /// The panoramas moved to, in order, from an --events file.
    private static func moves(_ path: URL) throws -> [String] {
        try String(contentsOf: path, encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { ($0["event"] as? String) == "didMoveToPanorama" }
            .compactMap { $0["panorama"] as? String }
    }

    /// True when `screen` shows the panorama at `place` arrived: its picture shown, no longer
    /// loading, and its ways read (a picture a search found has none until its own are read).
    private static func arrived(at place: String, _ screen: String) -> Bool {
        screen.contains(place) && !screen.contains("loading this panorama")
            && screen.range(of: #" 1 (N|NE|E|SE|S|SW|W|NW) "#, options: .regularExpression) != nil
    }

    @Test(
        "in tmux: the nearest 360° image, w along its sequence, the crossing's way into the other taken; the token in no file written"
    )
    func walkInTmux() throws {
        let server = try MapillaryFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let socket = folder.appendingPathComponent("talk.sock").path
        let files = ["walk.cast", "events.jsonl", "state.jsonl", "broadcast.jsonl"].map { folder.appendingPathComponent($0).path }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' mapillary --server \(server.address) --at 46.9412,7.4445 --geocoder off "
                + "--reduce-motion --record '\(files[0])' --events '\(files[1])' --state-log '\(files[2])' --broadcast '\(socket)' "
                + "2> '\(folder.path)/stderr'",
            columns: 120, rows: 36, environment: Self.environment(folder))
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 60) { Self.arrived(at: "Mapillary · @lindenfeld · CC BY-SA 4.0", try session.capture()) })
        let listener = try Subprocess.start(
            [
                "python3", "-c",
                "import socket,sys\ns=socket.socket(socket.AF_UNIX)\ns.connect(sys.argv[1])\nf=open(sys.argv[2],'wb')\n"
                    + "for b in iter(lambda: s.recv(65536), b''):\n    f.write(b); f.flush()\n", socket, files[3]
            ])
        defer { Subprocess.stop(listener) }
        #expect(try session.capture().contains("1 E this sequence"), "\((try? session.capture()) ?? "")")
        for place in ["7.4447° E", "7.4448° E", "7.4450° E"] {
            try session.send("w")
            #expect(
                try session.waitUntil(timeout: 30) { Self.arrived(at: place, try session.capture()) }, "\((try? session.capture()) ?? "")")
        }
        // At the crossing: both ways along Main Street, and the other sequence's, north and south.
        let crossing = try session.capture()
        #expect(crossing.contains("1 E  2 S  3 W  4 N"), "\(crossing)")
        #expect(crossing.contains("another sequence (2023-01-15)"), "\(crossing)")
        try session.send("4")
        #expect(try session.waitUntil(timeout: 30) { Self.arrived(at: "2023-01-15 · Mapillary · @winter walker", try session.capture()) })
        try session.send("u")
        #expect(try session.waitUntil(timeout: 10) { try session.capture().contains("sidewalk://view?pano=2002") })
        _ = session.waitUntil(timeout: 10) { (try? Data(contentsOf: URL(fileURLWithPath: files[3])).count) ?? 0 > 0 }
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
        #expect(session.exitStatus == 0)
        #expect(try Self.moves(URL(fileURLWithPath: files[1])) == ["1001", "1002", "1003", "1004", "2002"])
        // Every file the walk wrote, and the HTTP cache, hold the token nowhere, nor its name.
        var written = files + ["\(folder.path)/stderr"]
        let cache = folder.appendingPathComponent("cache/sidewalk/http").path
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(entries.count > 10)
        written += entries.map { cache + "/" + $0 }
        for path in written {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.count > 0 || path.hasSuffix("stderr"), "\(path) is empty")
            #expect(bytes.range(of: Data(Self.tokenPart.utf8)) == nil && !path.contains(Self.tokenPart), "the token is in \(path)")
        }
        #expect(server.requests().allSatisfy { $0.authorised || $0.path.hasPrefix("/thumbs/") || $0.path.hasPrefix("/maps/") })
    }

    @Test("image addresses that expire after a second: a walk of ten steps shows every picture")
    func expiringAddresses() throws {
        let server = try MapillaryFixture(urls: "1")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = folder.appendingPathComponent("events.jsonl")
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' mapillary --server \(server.address) --image 1001 --geocoder off --reduce-motion "
                + "--events '\(events.path)' 2> '\(folder.path)/stderr'",
            columns: 120, rows: 36, environment: Self.environment(folder))
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 60) { Self.arrived(at: "@lindenfeld", try session.capture()) })
        let places = ["7.4447", "7.4448", "7.4450", "7.4451", "7.4453", "7.4451", "7.4450", "7.4448", "7.4447", "7.4445"]
        for (step, place) in places.enumerated() {
            try session.send(step < 5 ? "w" : "s")
            #expect(
                try session.waitUntil(timeout: 30) { Self.arrived(at: "\(place)° E", try session.capture()) },
                "step \(step + 1): \((try? session.capture()) ?? "")")
        }
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
        let moved = try Self.moves(events)
        #expect(moved == ["1001", "1002", "1003", "1004", "1005", "1006", "1005", "1004", "1003", "1002", "1001"])
        // Each arrival shows its picture: a picture that cannot be had leaves the walk where it was.
        let text = try String(contentsOf: events, encoding: .utf8)
        #expect(text.components(separatedBy: "didFinishRendering").count - 1 >= moved.count)
        let stderr = try String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)
        #expect(stderr.isEmpty, "\(stderr)")
    }

    @Test("no token: one line saying where to get one, status 1, and no request sent")
    func noToken() throws {
        let server = try MapillaryFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = Self.environment(folder)
        environment["MAPILLARY_ACCESS_TOKEN"] = nil
        let run = try ProgramRun.sidewalk(
            ["mapillary", "--server", server.address, "--at", "46.9412,7.4445", "--headless", "--keys", ""], environment: environment,
            timeLimit: 60)
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "sidewalk: Mapillary needs a client token (free): get one at https://www.mapillary.com/dashboard/developers, "
                + "then set MAPILLARY_ACCESS_TOKEN or give --token-file FILE (docs/mapillary.md)\n")
        #expect(server.requests().isEmpty)
    }

    @Test("the token from --token-file or the config's mapillaryTokenFile; a refused one is one line, not retried, never shown")
    func tokenSources() throws {
        let server = try MapillaryFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = Self.environment(folder)
        environment["MAPILLARY_ACCESS_TOKEN"] = nil
        let tokenFile = folder.appendingPathComponent("token")
        try (MapillaryFixture.token + "\n").write(to: tokenFile, atomically: true, encoding: .utf8)
        let arguments = ["mapillary", "--server", server.address, "--image", "1004", "--headless", "--keys", ""]
        let fromFile = try ProgramRun.sidewalk(arguments + ["--token-file", tokenFile.path], environment: environment, timeLimit: 60)
        #expect(fromFile.status == 0 && fromFile.standardOutput.contains("north along another sequence"), "\(fromFile.standardError)")
        let config = folder.appendingPathComponent("config/sidewalk")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try #"{"mapillaryTokenFile": "\#(tokenFile.path)"}"#.write(
            to: config.appendingPathComponent("config.json"), atomically: true, encoding: .utf8)
        let fromConfig = try ProgramRun.sidewalk(arguments + ["--offline"], environment: environment, timeLimit: 60)
        #expect(fromConfig.status == 0, "\(fromConfig.standardError)")
        let before = server.requests().count
        try "MLY|1|0123456789abcdef\n".write(to: tokenFile, atomically: true, encoding: .utf8)
        let refused = try ProgramRun.sidewalk(
            ["mapillary", "--server", server.address, "--image", "1005", "--headless", "--keys", ""], environment: environment,
            timeLimit: 60)
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "sidewalk: Mapillary refused the access token (HTTP 401): it is not a valid client token, or it was revoked\n")
        #expect(server.requests().count == before + 1)
        try "two words\n".write(to: tokenFile, atomically: true, encoding: .utf8)
        let broken = try ProgramRun.sidewalk(arguments, environment: environment, timeLimit: 60)
        #expect(
            broken.status == 1 && broken.standardError == "sidewalk: \(tokenFile.path): holds no token: one line of printable characters\n")
    }

    @Test("the map shows Mapillary's coverage from its tiles, asked with the token; Enter on it reads the images there and goes")
    func coverage() throws {
        let server = try MapillaryFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("map.ans")
        let map = try ProgramRun.sidewalk(
            [
                "snapshot", "mapillary:\(server.address)", "--at", "46.9412,7.4445", "--map", "--size", "120x40", "--color", "truecolor",
                "--output", output.path
            ], environment: Self.environment(folder), timeLimit: 120)
        #expect(map.status == 0, "\(map.standardError)")
        // seq-far is 60 m north of 1001 (mapillary-14.mvt): 15 rows up from the map's middle, where nothing read leads.
        let rows = try String(contentsOf: output, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let coverageRows = rows.indices.filter { rows[$0].contains("\u{1B}[38;2;60;170;160m") }
        #expect(coverageRows.contains { (4...7).contains($0) }, "coverage drawn on rows \(coverageRows)")
        let tiles = server.requests().filter { $0.path.hasPrefix("/maps/vtp/mly1_public/2/14/8530/5766?access_token=") }
        #expect(tiles.count == 1, "one tile, fetched once, with the token as the tiles take it")
        let keys = ["M"] + Array(repeating: "Up", count: 7) + ["Enter"]
        let walk = try ProgramRun.sidewalk(
            [
                "mapillary", "--server", server.address, "--image", "1001", "--geocoder", "off", "--headless", "--keys",
                keys.joined(separator: " ")
            ], environment: Self.environment(folder), timeLimit: 120)
        #expect(walk.status == 0, "\(walk.standardError)")
        #expect(walk.standardOutput.contains("\n46.9417 north, 7.4445 east, 1 March 2025"), "\(walk.standardOutput)")
    }

    @Test("a user name with terminal escapes reaches the terminal as text, in the explorer and in info")
    func hostileNames() throws {
        let server = try MapillaryFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = Self.environment(folder)
        let flat = try ProgramRun.sidewalk(
            ["mapillary", "--server", server.address, "--image", "3001", "--all-pictures", "--headless", "--keys", "r"],
            environment: environment, timeLimit: 60)
        let info = try ProgramRun.sidewalk(
            ["info", "mapillary:\(server.address)", "--pano", "3001", "--all-pictures"], environment: environment, timeLimit: 60)
        // Each control character shown as U+FFFD, the rest as the text it is.
        #expect(info.standardOutput.contains("credit:   Mapillary · @flat\u{FFFD}]52;c;aGk=\u{FFFD}camera"), "\(info.standardOutput)")
        for run in [flat, info] {
            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                !run.standardOutput.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(run.standardOutput.debugDescription)")
        }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' mapillary --server \(server.address) --image 3001 --all-pictures --geocoder off",
            columns: 120, rows: 36, environment: environment)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Mapillary · @flat") })
        // No clipboard write (OSC 52) reached tmux, and the screen was not cleared under the picture.
        #expect(try session.command(["list-buffers"]).isEmpty)
        #expect(try session.capture().contains("Heading 0° N"))
    }

    @Test("open takes a Mapillary app link, and info and --describe read Mapillary as they read any dataset")
    func otherCommands() throws {
        let server = try MapillaryFixture()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = Self.environment(folder)
        let link = "https://www.mapillary.com/app/?pKey=1004&lat=46.9412&lng=7.445&z=17&focus=photo"
        let opened = try ProgramRun.sidewalk(
            ["open", link, "mapillary:\(server.address)", "--headless", "--keys", ""], environment: environment, timeLimit: 60)
        #expect(
            opened.status == 0 && opened.standardOutput.hasPrefix("46.9412 north, 7.4450 east, 21 June 2024;"), "\(opened.standardError)")
        let info = try ProgramRun.sidewalk(
            ["info", "mapillary:\(server.address)", "--pano", "1004"], environment: environment, timeLimit: 60)
        #expect(
            info.status == 0 && info.standardOutput.contains("credit:   Mapillary · @lindenfeld · CC BY-SA 4.0"), "\(info.standardError)")
        #expect(info.standardOutput.contains("server:     Mapillary at \(server.address)"))
        let described = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' mapillary --server \(server.address) --image 2002 --describe", environment: environment)
        defer { described.close() }
        let said = "46.9412 north, 7.4450 east, 15 January 2023; facing north; ways north and south along this sequence"
        #expect(try described.waitUntil(timeout: 30) { try described.capture().contains(said) }, "\((try? described.capture()) ?? "")")
    }
}
