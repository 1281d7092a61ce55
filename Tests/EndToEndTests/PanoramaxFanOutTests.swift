import Foundation
import TestSupport
import Testing

/// A Panoramax picture may list any number of related ones (PanoramaxFixture.tree: 60 each, a
/// tree without end). The first picture is shown after its own item alone, each picture keeps
/// the ways a walker can take, and the explorer reads ahead within a budget per step.
@Suite("Panoramax fan-out")
struct PanoramaxFanOutTests {
    /// How many times the tree's items were asked for (not their images).
    private static func treeItemsAsked(_ server: PanoramaxFixture) -> Int {
        server.requests().filter { request in
            request.path.hasPrefix("/api/pictures/tree") && !request.path.dropFirst("/api/pictures/".count).contains("/")
        }.count
    }

    @Test("headless: the start keeps 8 of its 60 ways, and only pictures two ways ahead are read: 1 + 8 + 8 × 8 items")
    func headless() throws {
        let server = try PanoramaxFixture()
        // Before, all 60 ways were kept and read, and theirs: 3,661 items and 92 s.
        let run = try ProgramRun.sidewalk([server.dataset, "--pano", PanoramaxFixture.tree, "--headless", "--keys", ""], timeLimit: 60)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.hasPrefix("45.0200 north, 5.0000 east, 1 April 2025; facing north; ways north, "), "\(run.standardOutput)")
        #expect(Self.treeItemsAsked(server) == 1 + 8 + 8 * 8)
    }

    @Test("the explorer draws the first picture, then reads ahead at most 24 items while the walk stands there")
    func explorerBudget() throws {
        let server = try PanoramaxFixture()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' \(server.dataset) --pano \(PanoramaxFixture.tree) --geocoder off --reduce-motion",
            columns: 120, rows: 36, environment: ["XDG_CACHE_HOME": cache.path, "SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Tree") }, "the first picture's credit")
        // The start, its 8 ways, then 16 of the 64 pictures one way further: the step's 24.
        #expect(session.waitUntil(timeout: 30) { Self.treeItemsAsked(server) >= 1 + 24 })
        let before = try session.capture()
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try session.capture() != before }, "a turn is drawn")
        #expect(Self.treeItemsAsked(server) == 1 + 24, "standing still reads no more")
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
        #expect(session.exitStatus == 0)
    }
}
