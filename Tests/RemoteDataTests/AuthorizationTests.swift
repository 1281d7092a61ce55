import Foundation
import TestSupport
import Testing

@testable import RemoteData

/// A loopback server that logs each request's Authorization header (EndToEndTests/Support/header_server.py).
private final class HeaderServer {
    let pid: pid_t
    let base: String
    let log: String

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-auth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Tests/EndToEndTests/Support/header_server.py")
        let portFile = folder.appendingPathComponent("port").path
        log = folder.appendingPathComponent("requests.log").path
        let server = try Subprocess.startServer(["python3", script.path, portFile, log], portFile: portFile)
        (pid, base) = (server.pid, server.address)
    }

    /// Each request's path and Authorization header (nil when it had none), in order.
    func requests() throws -> [(path: String, authorization: String?)] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return (object["path"] as? String ?? "", object["authorization"] as? String)
        }
    }

    deinit { Subprocess.stop(pid) }
}

@Suite("Credentials on the wire")
struct AuthorizationTests {
    private let authorization = HTTPAuthorization(scheme: "OAuth", secret: Secret("good-token")!)

    @Test("the Authorization header reaches the host asked and follows a redirect on that host")
    func headerReachesTheHost() throws {
        let server = try HeaderServer()
        let client = HTTPClient(timeout: 5)
        #expect(try client.get(server.base + "/private", maxBytes: 100, authorization: authorization).body == Array("welcome".utf8))
        let hop = server.base + "/redirect?to=" + PercentEncoding.encode(server.base + "/private", keeping: "")
        #expect(try client.get(hop, maxBytes: 100, authorization: authorization).body == Array("welcome".utf8))
        #expect(try server.requests().map(\.authorization) == ["OAuth good-token", "OAuth good-token", "OAuth good-token"])
        #expect(try client.get(server.base + "/ok", maxBytes: 100).status == 200)
        #expect(try server.requests().last?.authorization == nil)
    }

    @Test("a redirect to another server (another port) does not carry the Authorization header")
    func headerStaysWithItsHost() throws {
        let (first, second) = (try HeaderServer(), try HeaderServer())
        let hop = first.base + "/redirect?to=" + PercentEncoding.encode(second.base + "/landing", keeping: "")
        #expect(try HTTPClient(timeout: 5).get(hop, maxBytes: 100, authorization: authorization).body == Array("ok".utf8))
        #expect(try first.requests().map(\.authorization) == ["OAuth good-token"])
        #expect(try second.requests().map(\.path) == ["/landing"])
        #expect(try second.requests().map(\.authorization) == [nil])
    }

    @Test("a refused token is one HTTP 401, not retried; errors and the watch never name a token in an address")
    func tokensStayOutOfErrors() throws {
        let server = try HeaderServer()
        let wrong = HTTPAuthorization(scheme: "OAuth", secret: Secret("wrong-token")!)
        let watch = FetchWatch()
        var client = HTTPClient(timeout: 5)
        client.watch = watch
        #expect(throws: HTTPError.status(url: server.base + "/private", code: 401)) {
            try client.get(server.base + "/private", maxBytes: 1000, authorization: wrong)
        }
        #expect(try server.requests().count == 1)
        let address = server.base + "/missing?access_token=MLY|1|secretvalue&z=14"
        do {
            _ = try client.get(address, maxBytes: 100)
            Issue.record("a 404 was taken")
        } catch {
            #expect(error == .status(url: server.base + "/missing?access_token=REDACTED&z=14", code: 404))
            #expect(!error.description.contains("secretvalue"))
        }
        // The server got the real address.
        #expect(try server.requests().last?.path == "/missing?access_token=MLY|1|secretvalue&z=14")
        do {
            _ = try HTTPClient(timeout: 1).get("http://127.0.0.1:9/x?access_token=secretvalue", maxBytes: 100)
        } catch {
            #expect(!error.description.contains("secretvalue"), "\(error)")
        }
    }

    @Test("the HTTP cache keeps an answer under the address without its token: no file holds or is named for it")
    func cacheHoldsNoToken() throws {
        let server = try HeaderServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-auth-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = HTTPCache(folder: folder, client: HTTPClient(timeout: 5))
        let first = server.base + "/tile.mvt?access_token=MLY|1|firstsecret"
        #expect(try cache.fetch(first, maxBytes: 100) == Array("ok".utf8))
        // Another token, the same resource: from the cache, no second request.
        #expect(try cache.fetch(server.base + "/tile.mvt?access_token=MLY|1|othersecret", maxBytes: 100) == Array("ok".utf8))
        #expect(try server.requests().count == 1)
        // Asked again when told its entry went stale in a way its expiry could not say.
        #expect(try cache.fetch(first, maxBytes: 100, refresh: true) == Array("ok".utf8))
        #expect(try server.requests().count == 2)
        // Offline, under its key.
        #expect(try HTTPCache(folder: folder, offline: true).fetch(first, maxBytes: 100) == Array("ok".utf8))
        // A key given names the resource whatever its address.
        #expect(try cache.fetch(server.base + "/signed?oh=1", maxBytes: 100, key: "image 42 2048") == Array("ok".utf8))
        #expect(
            try HTTPCache(folder: folder, offline: true).fetch(server.base + "/signed?oh=2", maxBytes: 100, key: "image 42 2048")
                == Array("ok".utf8))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            #expect(!name.contains("secret") && bytes.range(of: Data("secret".utf8)) == nil, "\(name)")
        }
    }
}
