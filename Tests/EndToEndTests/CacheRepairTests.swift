import Foundation
import TestSupport
import Testing

/// The HTTP cache meets damage on disk: an entry whose body was cut or changed is fetched again in
/// full, never revalidated into a 304 that would bring the damaged body back.
@Suite("HTTP cache repair")
struct CacheRepairTests {
    /// Every entry in `cache` made stale (its expiry 0, so the next run revalidates it with its
    /// ETag) and its body cut by `cut` bytes; the header line is kept as written.
    private static func damageEntries(in cache: URL, cut: Int) throws {
        let manager = FileManager.default
        let entries = try #require(manager.enumerator(atPath: cache.path)).compactMap { $0 as? String }
        for entry in entries {
            let url = cache.appendingPathComponent(entry)
            guard let bytes = manager.contents(atPath: url.path), let newline = bytes.firstIndex(of: 0x0A) else { continue }
            var fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
            fields[2] = "0"
            let header = Data((fields.joined(separator: "\t") + "\n").utf8)
            try (header + bytes[(newline + 1)...].dropLast(cut)).write(to: url)
        }
    }

    @Test("a cached manifest cut short on disk is fetched again in full, not revalidated, and the cache is whole again")
    func damagedEntryIsRefetched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-cache-repair-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let town = folder.appendingPathComponent("town")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo")
        try FileManager.default.copyItem(at: demo, to: town)
        let server = try FaultServer(folder: folder)
        let cache = folder.appendingPathComponent("cache")
        let environment = ["XDG_CACHE_HOME": cache.path]
        let address = server.base + "town/"
        let first = try ProgramRun.sidewalk(["info", address], environment: environment, timeLimit: 60)
        #expect(first.status == 0, "\(first.standardError)")
        try Self.damageEntries(in: cache.appendingPathComponent("sidewalk/http"), cut: 7)
        let second = try ProgramRun.sidewalk(["info", address], environment: environment, timeLimit: 60)
        #expect(second.status == 0, "a damaged entry blamed the server's file: \(second.standardError)")
        #expect(second.standardOutput == first.standardOutput)
        withExtendedLifetime(server) {}
        let offline = try ProgramRun.sidewalk(["info", address, "--offline"], environment: environment, timeLimit: 60)
        #expect(offline.status == 0 && offline.standardOutput == first.standardOutput, "\(offline.standardError)")
    }
}
