import Foundation
import TestSupport
import Testing

/// `--find` on the web, against a loopback geocoder answering as Nominatim and Photon document
/// (Support/geocoder_server.py): the place found, the view turned to it, the usage policy kept
/// (one request a second, a User-Agent naming Sidewalk, answers cached) and every fault one line.
@Suite("Finding places with a geocoder")
struct GeocoderTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    /// The loopback geocoder, its log, and an HTTP cache of the test's own.
    final class Server {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-geocoder-\(UUID().uuidString)")
        let pid: pid_t
        let address: String
        var logPath: String { folder.appendingPathComponent("requests.log").path }
        var environment: [String: String] { ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path] }

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let script = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Tests/EndToEndTests/Support/geocoder_server.py")
            let portFile = folder.appendingPathComponent("port").path
            let server = try Subprocess.startServer(
                ["python3", script.path, portFile, folder.appendingPathComponent("requests.log").path], portFile: portFile)
            (pid, address) = (server.pid, server.address)
        }

        deinit {
            Subprocess.stop(pid)
            try? FileManager.default.removeItem(at: folder)
        }

        /// Each request: when (seconds since the epoch), the path and the User-Agent.
        func requests() -> [(time: Double, path: String, userAgent: String)] {
            RequestLog.read(logPath)
        }

        func find(_ text: String, _ more: [String] = []) throws -> ProgramRun {
            try ProgramRun.sidewalk(
                [GeocoderTests.demo, "--find", text, "--geocoder", address + "/search", "--headless", "--keys", ""] + more,
                environment: environment, timeLimit: 60)
        }
    }

    @Test("a place the dataset does not name is found by Nominatim; the view opens at the nearest panorama, facing it")
    func nominatim() throws {
        let server = try Server()
        let run = try server.find("Town Hall, Lindenfeld")
        #expect(run.status == 0, "\(run.standardError)")
        // The place found is said as a pin is: main-10 (Main Street 30) is 30 m west of the town hall.
        #expect(
            run.standardOutput == "Main Street 30, Lindenfeld, 21 June 2024; facing east; one way, west; Town Hall 30 metres ahead.\n",
            "\(run.standardOutput)")
        #expect(
            run.errorLines.last?.hasPrefix("sidewalk: found Town Hall, Main Street, Lindenfeld (amenity/townhall) at 46.9412,") == true
                && run.standardError.contains("© OpenStreetMap contributors"), "\(run.standardError)")
        let asked = server.requests()
        #expect(asked.count == 1 && asked[0].path.hasPrefix("/search?q=Town%20Hall%2C%20Lindenfeld&format=jsonv2&limit=5"), "\(asked)")
        #expect(asked[0].userAgent.hasPrefix("sidewalk/"), "a User-Agent naming Sidewalk, as Nominatim's policy asks")

        let again = try server.find("Town Hall, Lindenfeld")
        #expect(again.status == 0 && server.requests().count == 1, "the same search again is answered by the cache")
        let named = try server.find("Bakery Korn")
        #expect(named.status == 0 && server.requests().count == 1, "a name the dataset holds asks no one")
    }

    @Test("Photon's answers too; searches follow each other at least a second apart")
    func photonAndPace() throws {
        let server = try Server()
        let photon = try ProgramRun.sidewalk(
            [Self.demo, "--find", "Harbour Crane", "--geocoder", server.address + "/api", "--headless", "--keys", ""],
            environment: server.environment, timeLimit: 60)
        #expect(photon.status == 0, "\(photon.standardError)")
        #expect(photon.standardOutput.hasPrefix("Main Street 10, Lindenfeld, 21 June 2024; facing north;"), "\(photon.standardOutput)")
        for text in ["nowhere one", "nowhere two", "nowhere three"] {
            let run = try server.find(text)
            #expect(
                run.status == 3
                    && run.errorLines == ["sidewalk: \(Self.demo): no place named '\(text)' with street-level imagery within 200 m"])
        }
        let times = server.requests().map(\.time)
        #expect(times.count == 4)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 0.95 }, "Nominatim's policy: one a second at most: \(times)")
    }

    @Test("searches from four processes at once still reach the geocoder a second apart, as its usage policy asks")
    func paceAcrossProcesses() throws {
        let server = try Server()
        let commands = (1...4).map { index in
            "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --find 'nowhere \(index)' --geocoder '\(server.address)/search' --headless --keys '' &"
        }
        var environment = ProcessInfo.processInfo.environment.merging(server.environment) { $1 }
        environment["XDG_CONFIG_HOME"] = server.folder.appendingPathComponent("config").path
        let run = try Subprocess.run(["sh", "-c", commands.joined(separator: " ") + " wait"], environment: environment)
        #expect(run.status == 0)
        let times = server.requests().map(\.time).sorted()
        #expect(times.count == 4 && zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 0.95 }, "one a second at most: \(times)")
    }

    @Test("places answered without a name are no places: nothing found, said in one line, from Nominatim and Photon")
    func nameless() throws {
        let server = try Server()
        for geocoder in ["/search", "/api"] {
            let run = try ProgramRun.sidewalk(
                [Self.demo, "--find", "fault nameless", "--geocoder", server.address + geocoder, "--headless", "--keys", ""],
                environment: server.environment, timeLimit: 60)
            #expect(
                run.status == 3
                    && run.errorLines == ["sidewalk: \(Self.demo): no place named 'fault nameless' with street-level imagery within 200 m"],
                "\(geocoder): \(run.standardError)")
        }
    }

    @Test("no network: the dataset's answer first, then in a few words why the web was not asked; status 3; / says the same")
    func unreachable() throws {
        let run = try ProgramRun.sidewalk(
            [Self.demo, "--find", "post office", "--geocoder", "http://127.0.0.1:9/search", "--headless", "--keys", ""], timeLimit: 60)
        #expect(run.status == 3, "\(run.standardError)")
        #expect(
            run.errorLines == [
                "sidewalk: \(Self.demo): nothing named 'post office' here; the web search could not be made: cannot reach 127.0.0.1:9"
            ], "\(run.standardError)")
        let typed = try ProgramRun.sidewalk(
            [Self.demo, "--geocoder", "http://127.0.0.1:9/search", "--headless", "--keys", "/ p o s t Enter"], timeLimit: 60)
        #expect(
            typed.standardOutput.hasSuffix(
                "Nothing named 'post' in this dataset; the web search could not be made: cannot reach 127.0.0.1:9\n"),
            "\(typed.standardOutput)")
    }

    @Test("an answer that trickles a byte a second is given up after the request's own limit, in one line")
    func trickle() throws {
        let server = try Server()
        let started = Date()
        let run = try server.find("fault trickle")
        #expect(run.status == 3 && run.errorLines.count == 1 && run.standardError.contains("timed out"), "\(run.standardError)")
        #expect(Date().timeIntervalSince(started) < 30, "two tries of 10 s, not 100 s")
    }

    @Test(
        "every fault is one line and a non-zero status, promptly",
        arguments: [
            ("fault 429", "the geocoder refused the search (HTTP 429: too many requests); its usage policy allows one a second"),
            ("fault 503", "the geocoder is unavailable (HTTP 503); try again later"),
            ("fault malformed", "the answer is not JSON"),
            ("fault stall", "timed out")
        ])
    func faults(text: String, saying: String) throws {
        let server = try Server()
        let started = Date()
        let run = try server.find(text, ["--http-timeout", "1"])
        // The demo names no such place, said first; then why the web could not be asked.
        #expect(run.status == 3, "\(run.standardOutput)\(run.standardError)")
        #expect(
            run.errorLines.count == 1 && run.standardError.contains("nothing named '\(text)' here; the web search could not be made: ")
                && run.standardError.contains(saying), "\(run.standardError)")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test("sidewalk mapillary PLACE: the geocoder's place, then Mapillary's nearest 360° image, facing it")
    func mapillaryByName() throws {
        let server = try Server()
        let mapillary = try MapillaryFixture()
        let run = try ProgramRun.sidewalk(
            [
                "mapillary", "Town Hall, Lindenfeld", "--server", mapillary.address, "--geocoder", server.address + "/search",
                "--headless", "--keys", ""
            ], environment: server.environment.merging(["MAPILLARY_ACCESS_TOKEN": MapillaryFixture.token]) { $1 }, timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        // seq-main ends at 1006, 90 m west of the town hall (mapillary_server.py): the nearest 360° image, facing east to it.
        #expect(run.standardOutput.hasPrefix("Main Street, Lindenfeld, 21 June 2024; facing east;"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("; Town Hall 90 metres ahead."), "\(run.standardOutput)")
    }

    @Test("sidewalk panoramax PLACE: the geocoder's place, then the nearest 360° picture, facing it")
    func panoramaxByName() throws {
        let server = try Server()
        let panoramax = try PanoramaxFixture()
        let run = try ProgramRun.sidewalk(
            [
                "panoramax", "Town Hall, Lindenfeld", "--server", panoramax.address, "--geocoder", server.address + "/search",
                "--headless", "--keys", ""
            ], environment: server.environment, timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        // The fixture's sequence A ends at a[5], 90 m west of the town hall (docs of panoramax_server.py).
        // Named by the street the geocoder's reverse lookup places it in.
        #expect(run.standardOutput.hasPrefix("Main Street, Lindenfeld, 21 June 2024; facing east;"), "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains("; Town Hall 90 metres ahead."), "the place asked for, said as it is found: \(run.standardOutput)")
        #expect(
            panoramax.requests().contains {
                $0.path.hasPrefix("/api/search?place_position=") && $0.path.contains("place_fov_tolerance=60")
            },
            "pictures that look at the place")
        let missing = try ProgramRun.sidewalk(
            ["panoramax", "nowhere", "--server", panoramax.address, "--geocoder", server.address + "/search", "--headless", "--keys", ""],
            environment: server.environment, timeLimit: 60)
        #expect(missing.status == 3 && missing.standardError.contains("no place named 'nowhere'"), "\(missing.standardError)")
    }

    @Test("panoramax NAME arrives facing the place in the full view and in --describe too, as in --headless")
    func panoramaxByNameOnScreen() throws {
        let server = try Server()
        let panoramax = try PanoramaxFixture()
        // Harbour Crane is 20 m due north of A0 (geocoder_server.py, panoramax_server.py): A0 opens
        // facing north. (Town Hall's nearest picture, A5, has no image: the full view cannot show it.)
        let arguments = "panoramax 'Harbour Crane' --server \(panoramax.address) --geocoder \(server.address)/search --reduce-motion"
        let environment = server.environment.merging(["SWIFT_BACKTRACE": "interactive=no"]) { $1 }
        for (mode, saying) in [("", "◆ Harbour Crane 20 m"), ("--describe", "Main Street, Lindenfeld, 21 June 2024; facing north;")] {
            let session = try TmuxSession(
                command: "'\(BuiltProducts.sidewalk)' \(arguments) \(mode)", columns: 160, rows: 40, environment: environment)
            defer { session.close() }
            #expect(try session.waitUntil(timeout: 60) { try session.capture().contains(saying) }, "\((try? session.capture()) ?? "")")
            if mode.isEmpty {
                // The full view faces north, the crane's label centred over it: within 5° of the
                // middle is within 9 of the 160 columns that show 90°.
                let screen = try session.capture()
                #expect(screen.contains("Heading 0° N"))
                let line = try #require(screen.split(separator: "\n").first { $0.contains(saying) }.map(Array.init))
                let start = try #require(line.firstIndex(of: "◆"))
                #expect(abs(start + saying.count / 2 - 80) <= 9, "the label's middle is at column \(start + saying.count / 2)")
            }
            try session.send("q")
            #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
        }
    }

    @Test("a place found by name on Panoramax is shown from a 360° picture, though a flat one that looks at it is nearer")
    func panoramaxPrefersSpheres() throws {
        let server = try Server()
        let panoramax = try PanoramaxFixture()
        let run = try ProgramRun.sidewalk(
            [
                "panoramax", "Flat View", "--all-pictures", "--server", panoramax.address, "--geocoder", server.address + "/search",
                "--headless", "--keys", ""
            ], environment: server.environment, timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        // A1 (21 June 2024, 360°), not FLAT (1 May 2022), which is 0.9 m from the place to A1's 1.4 m.
        #expect(run.standardOutput.contains("21 June 2024"), "\(run.standardOutput)")
    }

    @Test("a Panoramax walk names pictures by street: one reverse lookup names those within 40 m, each reading asks once")
    func picturesNamedByStreet() throws {
        let server = try Server()
        let panoramax = try PanoramaxFixture()
        for geocoder in ["/search", "/api"] {
            let walk = try ProgramRun.sidewalk(
                [
                    "panoramax", "--server", panoramax.address, "--pano", PanoramaxFixture.a[0], "--geocoder", server.address + geocoder,
                    "--headless", "--keys", "w w w w"
                ], environment: server.environment, timeLimit: 120)
            #expect(walk.status == 0, "\(walk.standardError)")
            // The first arrival names the town; the next ones, in the same town, the street alone.
            let arrivals = walk.standardOutput.split(separator: "\n")
            #expect(
                arrivals.count == 5 && arrivals[0].hasPrefix("Main Street, Lindenfeld, ")
                    && arrivals.dropFirst().allSatisfy { $0.hasPrefix("Main Street;") || $0 == "Main Street." }, "\(walk.standardOutput)")
        }
        // A0 to A4 span 48 m: two answers name them all (A0's reaches A3), per kind of geocoder.
        let lookups = server.requests().filter { $0.path.hasPrefix("/reverse") }
        #expect(lookups.count >= 2 && lookups.count <= 4, "\(lookups.map(\.path))")
        #expect(lookups.allSatisfy { $0.userAgent.hasPrefix("sidewalk/") })
    }

    @Test("in the explorer, a name the dataset does not hold is searched on the web: a list to choose from, said whole")
    func listInTheExplorer() throws {
        let server = try Server()
        let run = try ProgramRun.sidewalk(
            [Self.demo, "--geocoder", server.address + "/search", "--headless", "--keys", ":find landmarks; Down; Enter"],
            environment: server.environment, timeLimit: 60)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "2 places found for 'landmarks': 1 Town Hall · amenity/townhall · Main Street, Lindenfeld; "
                    + "2 Harbour Crane · man_made/crane · Lindenfeld. Press its number, or Up, Down and Enter; Escape closes. "
                    + "Data © OpenStreetMap contributors."), "\(lines)")
        #expect(lines.contains("2 of 2: Harbour Crane · man_made/crane · Lindenfeld"), "\(lines)")
        // The crane is 20 m north of main-0 (the fixture's own geometry).
        #expect(lines.contains { $0.hasPrefix("Main Street 10; facing north;") }, "\(lines)")
        #expect(lines.last == "Harbour Crane, 20 metres ahead", "\(lines)")
        #expect(server.requests().count == 1)
        let offline = try ProgramRun.sidewalk(
            [Self.demo, "--geocoder", "off", "--headless", "--keys", ":find landmarks"], environment: server.environment, timeLimit: 60)
        #expect(offline.standardOutput.contains("Nothing named 'landmarks' in this dataset\n"), "\(offline.standardOutput)")
    }

    @Test("in tmux, / and a name the dataset does not hold: the search runs off the loop, the list shows, a number goes there")
    func listInTmux() throws {
        let server = try Server()
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --geocoder \(server.address)/search --reduce-motion", columns: 120,
            rows: 36,
            environment: server.environment.merging(["SWIFT_BACKTRACE": "interactive=no"]) { $1 })
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("1 E Main Street") })
        try session.send("/")
        try session.send("-l", "landmarks")
        try session.send("Enter")
        #expect(
            try session.waitUntil { try session.capture().contains("Places found for 'landmarks'") }, "\((try? session.capture()) ?? "")")
        #expect(try session.capture().contains("2  Harbour Crane · man_made/crane · Lindenfeld"))
        try session.send("2")
        #expect(try session.waitUntil { try session.capture().contains("Harbour Crane, 20 m ahead") }, "\((try? session.capture()) ?? "")")
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }

    @Test("a geocoder that stalls holds a picture up at most 3 s, and it is named by its coordinates")
    func slowNamesDoNotHoldTheWalkUp() throws {
        let server = try Server()
        let panoramax = try PanoramaxFixture()
        let started = Date()
        let run = try ProgramRun.sidewalk(
            [
                "panoramax", "--server", panoramax.address, "--pano", "echo-0", "--geocoder", server.address + "/search", "--headless",
                "--keys", ""
            ], environment: server.environment, timeLimit: 60)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("45.0000 north, 5.0000 east, "), "\(run.standardOutput)")
        // One lookup at the start, cut at 3 s; with the default timeout (10 s) it took 10.1 s.
        #expect(Date().timeIntervalSince(started) < 9, "\(Date().timeIntervalSince(started)) s")
    }

    @Test("--geocoder off and --demo search offline only; config.json's geocoder is used")
    func offlineOnly() throws {
        let server = try Server()
        let off = try server.find("Town Hall, Lindenfeld", ["--geocoder", "off"])
        #expect(off.status == 3 && server.requests().isEmpty)
        let demo = try ProgramRun.sidewalk(
            [Self.demo, "--demo", "--find", "Town Hall, Lindenfeld", "--headless", "--keys", ""], environment: server.environment,
            timeLimit: 60)
        #expect(demo.status == 3 && server.requests().isEmpty, "\(demo.standardError)")
        let config = server.folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("sidewalk"), withIntermediateDirectories: true)
        try Data(#"{"geocoder": "\#(server.address)/search"}"#.utf8).write(to: config.appendingPathComponent("sidewalk/config.json"))
        let configured = try ProgramRun.sidewalk(
            [Self.demo, "--find", "Town Hall, Lindenfeld", "--headless", "--keys", ""],
            environment: server.environment.merging(["XDG_CONFIG_HOME": config.path]) { $1 }, timeLimit: 60)
        #expect(configured.status == 0 && server.requests().count == 1, "\(configured.standardError)")
    }
}
