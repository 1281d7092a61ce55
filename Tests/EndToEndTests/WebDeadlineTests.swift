import Foundation
import TestSupport
import Testing

/// A whole command has a time limit on the web (`--deadline`), whatever each request's own
/// limits allow: a trickling manifest, a server asking again and again for a long pause, tiles
/// that never come; each ends in one line and a non-zero status (the fault server's faults).
@Suite("Web deadlines")
struct WebDeadlineTests {
    /// `sidewalk info` of the tiled plaza whose manifest answers with `fault`, within `deadline`
    /// seconds; the run and its seconds.
    private static func info(manifestFault fault: String, deadline: Int) throws -> (run: ProgramRun, seconds: Double) {
        let folder = try WebDatasetTests.tiledDataset()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try FaultServer(folder: folder, faults: ["tiled/manifest.json": fault])
        let started = Date()
        let run = try ProgramRun.sidewalk(
            ["info", server.base + "tiled/", "--deadline", String(deadline)],
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path], timeLimit: 60)
        withExtendedLifetime(server) {}
        return (run, Date().timeIntervalSince(started))
    }

    @Test("a manifest trickled at 2 bytes a second ends at the deadline, naming it")
    func trickle() throws {
        // Before, the request's own 300 s limit was all there was.
        let (run, seconds) = try Self.info(manifestFault: "trickle", deadline: 3)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "manifest.json: cannot read: timed out (the command's time limit ran out; --deadline SECONDS gives it longer)"),
            "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
        #expect(seconds < 30)
    }

    @Test("429 with Retry-After: 30 on every try is given up at once when the pause would pass the deadline")
    func retryAfterPastDeadline() throws {
        // Before, three pauses of 30 s: 90 s.
        let (run, seconds) = try Self.info(manifestFault: "retry-after", deadline: 10)
        #expect(run.status == 1)
        #expect(run.standardError.contains("HTTP 429"), "\(run.standardError)")
        #expect(seconds < 10)
    }

    @Test("tiles that never come: the snapshot is written from coarser levels at the deadline, and says it is incomplete")
    func stalledTiles() throws {
        let folder = try WebDatasetTests.tiledDataset()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every tile of the finest level stalls after its headers.
        let finest = (0..<2).flatMap { row in (0..<4).map { "tiles/default-panorama/2/\(row)/\($0).jpg" } }
        let server = try FaultServer(folder: folder, faults: Dictionary(uniqueKeysWithValues: finest.map { ($0, "stall") }))
        let output = folder.appendingPathComponent("view.png").path
        let started = Date()
        // Before, each tile waited out its own limits (with --http-timeout 60, minutes), then status 0.
        let run = try ProgramRun.sidewalk(
            [
                "snapshot", server.base + "tiled/", "--zoom", "4", "--size", "320x180", "--output", output, "--no-cache",
                "--http-timeout", "60", "--deadline", "4"
            ],
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path], timeLimit: 60)
        withExtendedLifetime(server) {}
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("written incomplete"), "\(run.standardError)")
        #expect(run.standardError.contains("--deadline"), "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: output))
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("on a terminal, what is waited for is said after 2 s with its seconds, and cleared before the command's own line")
    func waitingLine() throws {
        let folder = try WebDatasetTests.tiledDataset()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try FaultServer(folder: folder, faults: ["tiled/manifest.json": "trickle"])
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' info '\(server.base)tiled/' --deadline 10; echo EXIT=$?; sleep 120",
            columns: 160, rows: 10, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        defer { session.close() }
        // Before, nothing was said while the manifest trickled in.
        #expect(
            try session.waitUntil(timeout: 30) {
                let screen = try session.capture()
                // The seconds it has waited, 2 or more (a slow start, under a sanitizer, leaves fewer before the deadline).
                return screen.contains("waiting for ") && screen.contains(/tiled\/manifest\.json [2-9] s/)
            })
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("EXIT=1") })
        let screen = try session.capture()
        #expect(!screen.contains("waiting for"), "the line is cleared: \(screen)")
        #expect(screen.contains("the command's time limit ran out"), "\(screen)")
        withExtendedLifetime(server) {}
    }

    @Test("info --deep over a slow server decodes four images at once, each waited for in parallel")
    func deepInParallel() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        // Eight panoramas in a row, each image answering after 3 s.
        let panoramas: [[String: Any]] = (0..<8).map {
            ["id": "p\($0)", "image": "images/\(["a", "b", "c"][$0 % 3]).png", "lat": 48.2, "lng": 16.37 + Double($0) * 0.0002]
        }
        try fixture.write(["format": "sidewalk-dataset", "version": 1, "panoramas": panoramas])
        let server = try FaultServer(folder: fixture.folder, faults: ["a.png": "slow", "b.png": "slow", "c.png": "slow"])
        let started = Date()
        let run = try ProgramRun.sidewalk(
            ["info", server.base, "--deep"], environment: ["XDG_CACHE_HOME": fixture.folder.appendingPathComponent("cache").path],
            timeLimit: 120)
        withExtendedLifetime(server) {}
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("images:     8 decoded, 0 broken"), "\(run.standardOutput)")
        // One at a time, 8 × 3 s = 24 s (before); two at a time, 12 s; four at a time, two rounds of 3 s.
        #expect(Date().timeIntervalSince(started) < 11)
    }
}
