import Foundation
import TestSupport
import Testing

/// What a web server's odd answers are called: each one line that says what is wrong with the
/// answer, naming the address it came from (issue 36, item 12).
@Suite("Web datasets: errors that say what is wrong")
struct WebErrorTests {
    /// A folder holding a copy of the demo town at `town/`.
    private static func town() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-web-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo")
        try FileManager.default.copyItem(at: demo, to: folder.appendingPathComponent("town"))
        return folder
    }

    @Test(
        "a manifest answer that is not what it claims is named for what it is",
        arguments: [
            ("huge-length", ": 1000000000000 bytes is more than the 67108864-byte limit"),
            ("http09", "not an HTTP response"),
            ("giant-header", "headers")
        ])
    func manifestAnswers(fault: String, message: String) throws {
        let folder = try Self.town()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try FaultServer(folder: folder, faults: ["manifest.json": fault])
        let run = try ProgramRun.sidewalk(["info", server.base + "town/", "--http-timeout", "2"], timeLimit: 60)
        withExtendedLifetime(server) {}
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(fault): \(run.standardError)")
        #expect(run.standardError.contains(message), "\(fault): \(run.standardError)")
        #expect(run.standardError.contains(server.base + "town/manifest.json"), "\(fault): \(run.standardError)")
    }

    @Test("a broken image of a web dataset is named by its address")
    func brokenImageByAddress() throws {
        let folder = try Self.town()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("town/images/main-3.jpg"))
        let server = try FaultServer(folder: folder)
        let output = folder.appendingPathComponent("view.png").path
        let run = try ProgramRun.sidewalk(["snapshot", server.base + "town/", "--output", output, "--no-cache"], timeLimit: 60)
        withExtendedLifetime(server) {}
        #expect(run.status == 1)
        #expect(run.standardError.contains(server.base + "town/images/main-3.jpg: "), "\(run.standardError)")
    }

    @Test("a signed address (?sig=…) keeps its query on every request")
    func signedAddress() throws {
        let folder = try Self.town()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try FaultServer(folder: folder, faults: ["": "signed"])
        let output = folder.appendingPathComponent("view.png").path
        let run = try ProgramRun.sidewalk(
            ["snapshot", server.base + "town/manifest.json?sig=abc", "--output", output, "--no-cache"],
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path], timeLimit: 60)
        withExtendedLifetime(server) {}
        #expect(run.status == 0, "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: output))
    }
}
