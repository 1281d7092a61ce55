import Foundation
import PanoImage
import TestSupport

/// A Panoramax-shaped API of our own on loopback (Support/panoramax_server.py, which lists its
/// pictures and faults), serving the demo town's images as `sd`, and a 4096-pixel gradient as
/// every 360° picture's original (`hd`); stopped when released.
final class PanoramaxFixture {
    let pid: pid_t
    /// `http://127.0.0.1:PORT`.
    let address: String
    private let folder: URL
    private let logPath: String

    /// Sequence A, eastward along Main Street, 2024-06-21: A[0]...A[5] (A[5]'s image is missing).
    static let a = (0..<6).map(id)
    /// Sequence G, 56 m north of A0 and 15 m east (then 12 m apart eastward), linked from nothing.
    static let g = (61..<64).map(id)
    /// Sequence B beside A[3] and A[4], taken 2023-01-15.
    static let b3 = id(13), b4 = id(14)
    /// A flat picture (67°) beside A[1]; an item without geometry; an item answering 500; a
    /// picture whose only ways lead to those two.
    static let flat = id(21), broken = id(31), failing = id(41), lone = id(51)
    /// Where A[0] and A[1] stand.
    static let nearA0 = "46.9412,7.44451"
    static let nearA1 = "46.9412,7.444668"

    /// Hostile areas (Support/panoramax_server.py), far from Main Street: a search listing each of
    /// its three pictures three times; pictures `x.y` and `x_y` and one whose image is no JPEG;
    /// `bigCount` pictures of 1 MB images. And a sequence whose pages lead back to themselves.
    static let echoBox = "4.9999,44.9999,5.0001,45.0001"
    static let namesBox = "5.0099,44.9999,5.0101,45.0001"
    static let bigBox = "4.9999,45.0099,5.0050,45.0101"
    static let bigCount = 150
    static let loopingSequence = "seq-loop"
    /// The root of a tree of pictures without end, each listing 60 related ones 20 m round it.
    static let tree = "tree"

    private static func id(_ n: Int) -> String {
        "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - String(n).count) + String(n)
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-panoramax-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let root = BuiltProducts.packageRoot(from: #filePath)
        let script = root.appendingPathComponent("Tests/EndToEndTests/Support/panoramax_server.py").path
        let portFile = folder.appendingPathComponent("port").path
        logPath = folder.appendingPathComponent("requests.log").path
        let original = folder.appendingPathComponent("original.png").path
        try PNGEncoder.write(SyntheticPanorama.gradient(width: 4096, height: 2048), to: original)
        let server = try Subprocess.startServer(
            ["python3", script, root.appendingPathComponent("Assets/demo/images").path, portFile, logPath, original],
            portFile: portFile)
        (pid, address) = (server.pid, server.address)
    }

    deinit {
        Subprocess.stop(pid)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The dataset argument naming this server.
    var dataset: String { "panoramax:" + address }

    /// The requests served so far: when (seconds since the epoch), the path and query, the User-Agent.
    func requests() -> [(time: Double, path: String, userAgent: String)] {
        RequestLog.read(logPath)
    }
}
