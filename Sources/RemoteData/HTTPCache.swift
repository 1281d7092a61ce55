import FoundationEssentials
import Locking
import PanoCore
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Web resources kept on disk (`$XDG_CACHE_HOME/sidewalk/http`, default `~/.cache/sidewalk/http`)
/// as the server allows: fresh for `Cache-Control: max-age`, revalidated with the ETag after
/// that (a 304 costs no body), never kept under `no-store`. The folder is held within
/// `byteCap`, oldest files out first. With `offline`, only what is cached is served; with
/// `readOnly`, what is cached is served and the rest fetched, but nothing is written (a public
/// demo's cache, filled by its owner, is the same for everyone who connects).
package final class HTTPCache: Sendable {
    package let folder: String
    package let byteCap: Int
    package let offline: Bool
    package let readOnly: Bool
    private let client: HTTPClient
    /// Bytes in the folder, as last counted plus what this process wrote since.
    private let stored: Locked<Int>

    /// The default cap on the cache folder: 512 MB.
    package static let defaultByteCap = 512 << 20

    /// The cache folder for `environment` (XDG_CACHE_HOME, else HOME/.cache); nil without either.
    package static func defaultFolder(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/sidewalk/http" }
        return environment["HOME"].map { $0 + "/.cache/sidewalk/http" }
    }

    package init(
        folder: String, byteCap: Int = HTTPCache.defaultByteCap, offline: Bool = false, readOnly: Bool = false,
        client: HTTPClient = HTTPClient()
    ) {
        self.folder = folder
        self.byteCap = byteCap
        self.offline = offline
        self.readOnly = readOnly
        self.client = client
        stored = Locked(Directory.regularFiles(in: folder).reduce(0) { $0 + $1.bytes })
    }

    /// The body of `url`, from the cache when fresh (or when offline), else from the server.
    /// An answer the server lets be stored is kept fresh for at least `keepSeconds` (a service
    /// whose usage policy asks its clients to cache, whatever its headers say); `beforeRequest`
    /// runs just before the server is asked, never for an answer from the cache.
    /// With `range`, only those bytes of it are asked for and kept. It is kept under `key` (what
    /// names the resource when its address does not: a signed address that changes each time it
    /// is asked for), else under the address with its credentials hidden (`URLSecrets`), so no
    /// token is written to the cache's files or names. `authorization` goes with the request.
    /// With `refresh`, an entry still fresh is asked for again (revalidated with its ETag), as
    /// when what it holds has gone stale in a way its expiry could not say.
    package func fetch(
        _ url: String, maxBytes: Int, key: String? = nil, authorization: HTTPAuthorization? = nil, keepSeconds: Int = 0,
        refresh: Bool = false, range: Range<Int>? = nil, beforeRequest: () -> Void = {}
    ) throws(HTTPError) -> [UInt8] {
        let resource = key ?? URLSecrets.redacted(url)
        // A part is kept under its own key: the resource and the bytes.
        let key = range.map { resource + " bytes=\($0.lowerBound)-\($0.upperBound - 1)" } ?? resource
        let name = Self.name(for: key)
        let entry = Entry.read(folder: folder, name: name, url: key, maxBytes: maxBytes)
        if let entry, offline || (entry.expires > Self.now() && !refresh) { return entry.body }
        if offline { throw .notCached(url: URLSecrets.redacted(url)) }
        beforeRequest()
        let response = try client.get(url, maxBytes: maxBytes, etag: entry?.etag, range: range, authorization: authorization)
        let policy = CachePolicy(response.cacheControl)
        let body = response.status == 304 ? entry?.body ?? [] : response.body
        if policy.mayStore, !readOnly {
            let fresh = max(policy.freshSeconds, keepSeconds)
            store(Entry(url: key, etag: response.etag ?? entry?.etag, expires: Self.now() + fresh, body: body), name: name)
        }
        return body
    }

    private func store(_ entry: Entry, name: String) {
        guard (try? makeFolder()) != nil, let written = try? entry.write(folder: folder, name: name) else { return }
        let total = stored.withLock {
            $0 += written
            return $0
        }
        if total > byteCap { trim() }
    }

    /// Makes the cache's folder, with its parents, where it is missing.
    package func makeFolder() throws(FileError) {
        var path = ""
        for component in folder.split(separator: "/") {
            path += "/" + component
            if FileKind.of(path) != .directory { try OutputFile.makeFolder(path) }
        }
    }

    /// Removes the least recently written files until the folder is under 90% of the cap.
    private func trim() {
        var files = Directory.regularFiles(in: folder).sorted { $0.modified < $1.modified }
        var total = files.reduce(0) { $0 + $1.bytes }
        while total > byteCap / 10 * 9, !files.isEmpty {
            let oldest = files.removeFirst()
            Directory.remove(folder + "/" + oldest.name)
            total -= oldest.bytes
        }
        stored.withLock { $0 = total }
    }

    static func now() -> Int { Int(time(nil)) }

    /// A file name for `url`: its `checksum` in hex (the URL itself is stored in the entry and
    /// checked, so a collision is a miss, never a wrong answer).
    static func name(for url: String) -> String {
        let hex = String(checksum(url.utf8), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// 64-bit FNV-1a of `bytes`: enough to tell a damaged entry from the one written (the cache
    /// guards against damage, not against someone who can write to it).
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

/// One cached response in one file: a header line of URL, ETag, expiry, body length and body
/// checksum, separated by tabs, then the body. An entry whose body does not match its length and
/// checksum (a disk or a copy that damaged it) is no entry: it is fetched again without its
/// ETag, so a 304 can never bring a damaged body back.
private struct Entry {
    let url: String
    let etag: String?
    /// Seconds since 1970 until which it is fresh.
    let expires: Int
    let body: [UInt8]

    static func read(folder: String, name: String, url: String, maxBytes: Int) -> Entry? {
        guard var bytes = try? InputFile.read(folder + "/" + name, limit: maxBytes + 4096),
            let newline = bytes.firstIndex(of: 0x0A)
        else { return nil }
        let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0] == url, let expires = Int(fields[2]), let length = Int(fields[3]),
            let checksum = UInt64(fields[4], radix: 16)
        else { return nil }
        guard bytes.count - newline - 1 == length, HTTPCache.checksum(bytes[(newline + 1)...]) == checksum else { return nil }
        let etag = fields[1].isEmpty ? nil : String(fields[1])
        bytes.removeSubrange(...newline)  // in place: the body is not copied
        return Entry(url: url, etag: etag, expires: expires, body: bytes)
    }

    /// Writes the entry; returns the bytes written.
    func write(folder: String, name: String) throws(FileError) -> Int {
        let clean = { (text: String) in text.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" } }
        let checksum = String(HTTPCache.checksum(body), radix: 16)
        let header = Array("\(clean(url))\t\(clean(etag ?? ""))\t\(expires)\t\(body.count)\t\(checksum)\n".utf8)
        try OutputFile.replaceWhole(folder + "/" + name, withPieces: [header, body])
        return header.count + body.count
    }
}

/// What a response's Cache-Control allows (RFC 9111): storing, and for how long it is fresh.
struct CachePolicy: Equatable {
    var mayStore = true
    /// Seconds fresh; 0 means revalidate before each use.
    var freshSeconds = 0

    init(_ header: String?) {
        for directive in (header ?? "").lowercased().split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimming(" \t") }
            switch parts.first {
            case "no-store": mayStore = false
            case "no-cache": freshSeconds = 0
            case "max-age" where parts.count == 2:
                if let seconds = Int(parts[1].trimming("\"")), seconds > 0 {
                    freshSeconds = min(seconds, 365 * 86400)
                }
            default: break
            }
        }
        if (header ?? "").lowercased().contains("no-cache") { freshSeconds = 0 }
    }
}
