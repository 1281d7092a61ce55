import Foundation
import TestSupport
import Testing

/// What Panoramax's faults look like to a user: one line naming what is wrong, the documented
/// exit status, never a hang; against the loopback server's faults (PanoramaxFixture).
@Suite("Panoramax faults")
struct PanoramaxFaultTests {
    /// Runs `arguments` headless with no keys; the run and its one line of error.
    private static func run(_ arguments: [String]) throws -> (status: Int32, error: String, output: String) {
        let run = try ProgramRun.sidewalk(arguments + ["--headless", "--keys", ""], timeLimit: 120)
        return (run.status, run.standardError, run.standardOutput)
    }

    @Test("no pictures near the place: the no-imagery line and status 3")
    func noImagery() throws {
        let server = try PanoramaxFixture()
        let run = try Self.run([server.dataset, "--at", "40,7"])
        #expect(run.status == 3)
        #expect(run.error == "sidewalk: No street-level imagery available within 50 m of 40,7\n")
    }

    @Test("no pictures within the radius, some within 5 km: the line says how far the nearest is, and which way")
    func nearestImagery() throws {
        let server = try PanoramaxFixture()
        // 0.003° of latitude (333.6 m) south of A0; the picture FAILING lies 2.2 m south of A0.
        let run = try Self.run([server.dataset, "--at", "46.9382,7.44451"])
        #expect(run.status == 3)
        #expect(
            run.error
                == "sidewalk: No street-level imagery available within 50 m of 46.9382,7.44451; nearest imagery 330 m north, 46.9412° N, 7.4445° E\n"
        )
        #expect(server.requests().filter { $0.path.contains("/api/search") }.count == 2, "one search in the radius, one wider")
    }

    @Test("a server error, an unreachable server, a malformed item: one line each, status 1")
    func serverFaults() throws {
        let server = try PanoramaxFixture()
        let failed = try Self.run([server.dataset, "--at", "0.1,0.1"])
        #expect(failed.status == 1)
        #expect(
            failed.error.hasSuffix("the server answered HTTP 500\n") && failed.error.split(separator: "\n").count == 1, "\(failed.error)")
        let unreachable = try Self.run(["panoramax:http://127.0.0.1:1", "--at", PanoramaxFixture.nearA0])
        #expect(unreachable.status == 1)
        #expect(unreachable.error.contains("cannot reach the server"), "\(unreachable.error)")
        let malformed = try Self.run([server.dataset, "--pano", PanoramaxFixture.broken])
        #expect(malformed.status == 1)
        #expect(malformed.error.contains("$.geometry.coordinates: must be a GeoJSON Point"), "\(malformed.error)")
    }

    @Test("a way to a picture that cannot be read is left out; the rest of the walk goes on")
    func unreadableNeighbour() throws {
        let server = try PanoramaxFixture()
        // LONE is related to the broken and the failing items only: neither is offered as a way.
        let run = try Self.run([server.dataset, "--pano", PanoramaxFixture.lone])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("46.9420 north, 7.4445 east, 1 May 2022; facing north; no ways on."), "\(run.output)")
    }

    @Test("a flat picture is refused by id unless --all-pictures, then shown")
    func flatPictures() throws {
        let server = try PanoramaxFixture()
        let refused = try Self.run([server.dataset, "--pano", PanoramaxFixture.flat])
        #expect(refused.status == 1)
        #expect(
            refused.error.contains("a flat picture (67°); only 360° pictures are walked unless --all-pictures is given"), "\(refused.error)"
        )
        let shown = try Self.run([server.dataset, "--pano", PanoramaxFixture.flat, "--all-pictures"])
        #expect(shown.status == 0, "\(shown.error)")
        #expect(shown.output.hasPrefix("46.9412 north, 7.4447 east, 1 May 2022;"), "\(shown.output)")
    }

    @Test("--at stands at a place: a flat picture there is found though it looks away from it (place_fov_tolerance=180)")
    func flatPictureNearby() throws {
        let server = try PanoramaxFixture()
        // 2 m east and 0.3 m north of FLAT, which looks north: the place lies 81° off its heading,
        // outside the server's default tolerance (30°, ±15°) but inside 180 (±90°); A1 is 2.8 m away.
        let run = try Self.run([server.dataset, "--at", "46.9411827,7.4446940", "--all-pictures"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("1 May 2022"), "FLAT, the nearest picture: \(run.output)")
        #expect(server.requests().contains { $0.path.contains("place_fov_tolerance=180") })
    }

    @Test("a picture whose image is missing: the snapshot says so in one line; the explorer stays where it was")
    func missingImage() throws {
        let server = try PanoramaxFixture()
        let a = PanoramaxFixture.a
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let snapshot = try ProgramRun.sidewalk(["snapshot", server.dataset, "--pano", a[5], "--output", output.path], timeLimit: 120)
        #expect(snapshot.status == 1)
        #expect(snapshot.standardError.contains("sd.jpg") && snapshot.standardError.contains("HTTP 404"), "\(snapshot.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let walk = try ProgramRun.sidewalk(
            [server.dataset, "--pano", a[4], "--heading", "90", "--headless", "--keys", "w; expect error /HTTP 404/"],
            timeLimit: 120)
        #expect(walk.status == 0, "\(walk.standardError)")
        #expect(walk.standardOutput.contains("cannot show \(a[5])") && walk.standardOutput.contains("HTTP 404"), "\(walk.standardOutput)")
    }

    @Test("--offline walks what the cache holds, and says what it does not")
    func offline() throws {
        let server = try PanoramaxFixture()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]
        let a = PanoramaxFixture.a
        let online = try ProgramRun.sidewalk(
            [server.dataset, "--pano", a[1], "--headless", "--keys", ""], environment: environment, timeLimit: 120)
        #expect(online.status == 0, "\(online.standardError)")
        let offline = try ProgramRun.sidewalk(
            [server.dataset, "--pano", a[1], "--offline", "--headless", "--keys", ""],
            environment: environment, timeLimit: 120)
        #expect(offline.status == 0, "\(offline.standardError)")
        #expect(offline.standardOutput == online.standardOutput)
        let unseen = try ProgramRun.sidewalk(
            [server.dataset, "--pano", a[4], "--offline", "--headless", "--keys", ""],
            environment: environment, timeLimit: 120)
        #expect(unseen.status == 1)
        #expect(unseen.standardError.contains("not in the cache, and --offline forbids fetching it"), "\(unseen.standardError)")
    }
}
