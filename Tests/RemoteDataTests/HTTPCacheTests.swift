import Foundation
import Testing

@testable import RemoteData

@Suite("HTTP cache rules")
struct HTTPCacheTests {
    /// A cache file as `HTTPCache` writes it (docs/hosting.md): URL, ETag, expiry, body length and
    /// FNV-1a checksum, then the body.
    static func entry(url: String, etag: String, expires: Int, body: [UInt8]) -> [UInt8] {
        Array("\(url)\t\(etag)\t\(expires)\t\(body.count)\t\(String(HTTPCache.checksum(body), radix: 16))\n".utf8) + body
    }

    /// A new, empty cache folder.
    static func cacheFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-http-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(
        "Cache-Control decides whether a response is kept and how long it is fresh",
        arguments: [
            (nil, true, 0), ("max-age=60", true, 60), ("public, max-age=31536000, immutable", true, 31_536_000),
            ("no-store", false, 0), ("no-cache", true, 0), ("max-age=60, no-cache", true, 0), ("max-age=-5", true, 0),
            ("MAX-AGE=\"30\"", true, 30), ("max-age=99999999999", true, 365 * 86400)
        ] as [(String?, Bool, Int)])
    func policy(header: String?, stores: Bool, fresh: Int) {
        let policy = CachePolicy(header)
        #expect(policy.mayStore == stores && policy.freshSeconds == fresh, "\(header ?? "none")")
    }

    @Test("a dataset's paths become addresses with only what a URL needs escaped")
    func addresses() {
        let folder = RemoteFolder("https://example.org/town", cache: HTTPCache(folder: "/nonexistent"))
        #expect(folder.base == "https://example.org/town/")
        #expect(
            RemoteFolder("https://example.org/town/manifest.json", cache: HTTPCache(folder: "/nonexistent")).base
                == "https://example.org/town/")
        #expect(folder.address(of: "images/café 1.jpg") == "https://example.org/town/images/caf%C3%A9%201.jpg")
        #expect(folder.address(of: "tiles/a_b-c.d~e/0/0/0.jpg") == "https://example.org/town/tiles/a_b-c.d~e/0/0/0.jpg")
    }

    @Test("a signed address's query is kept on every file's address, as object stores need (issue 36)")
    func signedAddresses() {
        let cache = HTTPCache(folder: "/nonexistent")
        for given in [
            "https://bucket.example.org/town/manifest.json?sig=abc%2F&se=2026", "https://bucket.example.org/town?sig=abc%2F&se=2026"
        ] {
            let folder = RemoteFolder(given, cache: cache)
            #expect(folder.base == "https://bucket.example.org/town/", "\(given)")
            #expect(folder.address(of: "manifest.json") == "https://bucket.example.org/town/manifest.json?sig=abc%2F&se=2026")
            #expect(folder.address(of: "images/café.jpg") == "https://bucket.example.org/town/images/caf%C3%A9.jpg?sig=abc%2F&se=2026")
        }
        #expect(RemoteFolder("https://example.org/town/", cache: cache).address(of: "a.jpg") == "https://example.org/town/a.jpg")
    }

    @Test("offline, what the cache does not hold is refused without a request; what it holds is served however old")
    func offline() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-http-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Port 9 (discard) on loopback: any real request would fail as unreachable, not as not cached.
        let url = "http://127.0.0.1:9/manifest.json"
        #expect(throws: HTTPError.notCached(url: url)) { try HTTPCache(folder: folder, offline: true).fetch(url, maxBytes: 100) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stale = Self.entry(url: url, etag: "\"v1\"", expires: 0, body: Array("{}".utf8))
        try Data(stale).write(to: URL(fileURLWithPath: folder + "/" + HTTPCache.name(for: url)))
        #expect(try HTTPCache(folder: folder, offline: true).fetch(url, maxBytes: 100) == Array("{}".utf8))
        // Online, the stale entry is revalidated, so the dead server is reached and the failure said.
        #expect(throws: HTTPError.self) { try HTTPCache(folder: folder, client: HTTPClient(timeout: 1)).fetch(url, maxBytes: 100) }
    }

    @Test("a file named for one address is never served for another")
    func collisionsAreMisses() throws {
        let folder = try Self.cacheFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = "http://127.0.0.1:9/a.jpg"
        let other = Self.entry(url: "http://127.0.0.1:9/b.jpg", etag: "", expires: 9_999_999_999, body: [1, 2, 3])
        try Data(other).write(to: URL(fileURLWithPath: folder + "/" + HTTPCache.name(for: url)))
        #expect(throws: HTTPError.notCached(url: url)) { try HTTPCache(folder: folder, offline: true).fetch(url, maxBytes: 100) }
    }

    @Test("an entry whose body does not match its length and checksum is no entry, offline or not")
    func damagedEntriesAreMisses() throws {
        let folder = try Self.cacheFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = "http://127.0.0.1:9/manifest.json"
        let path = folder + "/" + HTTPCache.name(for: url)
        let whole = Self.entry(url: url, etag: "\"v1\"", expires: 9_999_999_999, body: Array("{\"a\": 1}".utf8))
        var flipped = whole
        flipped[flipped.count - 3] ^= 0x20
        for damaged in [Array(whole.dropLast(2)), flipped, whole + [0x0A]] {
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            #expect(throws: HTTPError.notCached(url: url)) { try HTTPCache(folder: folder, offline: true).fetch(url, maxBytes: 100) }
        }
        try Data(whole).write(to: URL(fileURLWithPath: path))
        #expect(try HTTPCache(folder: folder, offline: true).fetch(url, maxBytes: 100) == Array("{\"a\": 1}".utf8))
    }
}
