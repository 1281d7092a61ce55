import Foundation
import PanoCore

/// A Mapillary-shaped graph API of our own on loopback (EndToEndTests/Support/mapillary_server.py,
/// which lists its images and faults), serving the demo town's images as thumbnails.
package final class MapillaryFixture {
    package let pid: pid_t
    /// `http://127.0.0.1:PORT`.
    package let address: String
    package let folder: URL
    private let logPath: String
    /// The token the server takes.
    package static let token = "MLY|4142433049200173|72206abe5035850d"

    /// Sequence seq-main along Main Street, eastward, 360°; seq-cross across it at 1004.
    package static let main = (1001...1006).map(String.init)
    package static let cross = (2001...2003).map(String.init)
    /// Where 1001 stands.
    package static let first = Coordinate(latitude: 46.9412, longitude: 7.444509676513945)!

    /// `urls`: how long image addresses last, seconds, or "first-expired".
    package init(urls: String = "3600") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-mapillary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let root = BuiltProducts.packageRoot(from: #filePath)
        let script = root.appendingPathComponent("Tests/EndToEndTests/Support/mapillary_server.py").path
        let portFile = folder.appendingPathComponent("port").path
        logPath = folder.appendingPathComponent("requests.log").path
        let server = try Subprocess.startServer(
            ["python3", script, root.appendingPathComponent("Assets/demo/images").path, portFile, logPath, Self.token, urls],
            portFile: portFile)
        (pid, address) = (server.pid, server.address)
    }

    deinit {
        Subprocess.stop(pid)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The requests so far: the path and query, and whether the right Authorization came.
    package func requests() -> [(path: String, authorised: Bool)] {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count == 3 ? (String(fields[1]), fields[2] == "auth") : nil
        }
    }
}
