import Datasets
import Foundation
import PanoCore
import PanoImage
import StreetModel
import TestSupport
import Testing

/// Walking a sharded dataset in the fronts without a picture: shards are read as the walk comes
/// near them, so a street that crosses from one shard into the next is walked to its end.
@Suite("Walking across shards")
struct ShardedWalkTests {
    /// A sharded street of 30 panoramas in two shards, p0 555 m from the boundary (beyond the
    /// 500 m read at once), every image one small PNG.
    static func streetFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try PNGEncoder.write(RGBImage(width: 64, height: 32), to: folder.appendingPathComponent("images/a.png").path)
        let files = try ShardWriter.shardedFiles(name: "Street", start: "p0", panoramas: NorthwardStreet.panoramas(count: 30), markers: [])
        try ShardWriter.write(files, into: folder)
        return folder
    }

    @Test("--headless walks a street from one shard into the next")
    func headlessAcrossShards() throws {
        let folder = try Self.streetFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = Array(repeating: "w", count: 29).joined(separator: " ")
        let run = try ProgramRun.sidewalk([folder.path, "--headless", "--keys", keys], timeLimit: 60)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Stop 29"), "\(run.standardOutput.suffix(600))")
        #expect(!run.standardOutput.contains("nowhere"), "\(run.standardOutput)")
    }

    @Test("--find names a place in a shard not read at the start: the names index finds it, and the explorer opens there")
    func findInAnotherShard() throws {
        let folder = try Self.streetFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.sidewalk([folder.path, "--find", "stop 29", "--headless", "--keys", "1"], timeLimit: 60)
        #expect(run.status == 0, "\(run.standardError)")
        // Stop 29 is the street's far end, in the second shard: it opens there, and the walk back works.
        #expect(run.standardOutput.hasPrefix("Stop 29; facing north; one way, south.\n"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\nStop 28"), "\(run.standardOutput)")
    }

    @Test("the explorer's :find names a place in a shard not read yet: the names index finds it, its shard is read, and it goes there")
    func explorerFindsInAnotherShard() throws {
        let folder = try Self.streetFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.sidewalk([folder.path, "--headless", "--keys", ":find stop 29;s"], timeLimit: 60)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Stop 29, here"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\nStop 28"), "the walk back works: \(run.standardOutput)")
        let missing = try ProgramRun.sidewalk([folder.path, "--headless", "--keys", ":find stop 99"], timeLimit: 60)
        #expect(missing.standardOutput.contains("Nothing named 'stop 99' in this dataset"), "\(missing.standardOutput)")
    }

    @Test("on screen, / finds a stop in a shard not read yet, off the loop, and goes there")
    func screenFindsInAnotherShard() throws {
        let folder = try Self.streetFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(folder.path)' --geocoder off --reduce-motion", columns: 120, rows: 36,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Stop 0") }, "\((try? session.capture()) ?? "")")
        try session.send("/")
        try session.send("-l", "stop 29")
        try session.send("Enter")
        #expect(try session.waitUntil { try session.capture().contains("Stop 29, here") }, "\((try? session.capture()) ?? "")")
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }

    @Test("the map shows where the shards not read yet have imagery: each shard's box, named by its count")
    func mapShowsShards() throws {
        let folder = try Self.streetFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(folder.path)' --geocoder off --reduce-motion", columns: 120, rows: 36,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Stop 0") }, "\((try? session.capture()) ?? "")")
        // The map at 16 m a dot reaches 1.1 km north: the second shard, 560 m on, is not read;
        // the two boxes hold 14 and 16 panoramas (ShardWriter's split), and say so.
        for key in ["M", "-", "-", "-", "-"] { try session.send(key) }
        #expect(
            try session.waitUntil { try session.capture().contains("16 panoramas") && session.capture().contains("14 panoramas") },
            "\((try? session.capture()) ?? "")")
        try session.send("q")
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }

    @Test("a way into a shard whose file is missing says so, naming the file, and leads nowhere naming it too")
    func missingShardNamed() throws {
        let folder = try Self.streetFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let second = try #require(try Dataset.open(folder.path).shards?.shards.dropFirst().first?.path)
        try FileManager.default.removeItem(at: folder.appendingPathComponent(second))
        let keys = Array(repeating: "w", count: 29).joined(separator: " ")
        let run = try ProgramRun.sidewalk([folder.path, "--headless", "--keys", keys], timeLimit: 60)
        // The step into it is the explorer's error (errorOnMoveToPanoramaID), which --keys reports.
        #expect(run.status == 1 && run.standardError.contains("no such panorama"), "\(run.standardError)")
        let missing = folder.appendingPathComponent(second).path
        #expect(run.standardOutput.contains("not read: \(missing)"), "\(run.standardOutput.suffix(800))")
        #expect(run.standardOutput.contains("leads nowhere; not read: \(missing)"), "\(run.standardOutput.suffix(800))")
    }
}
