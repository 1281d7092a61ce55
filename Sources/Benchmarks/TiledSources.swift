import Datasets
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// For `bench imagery`: each panorama cut into a tiled dataset (`sidewalk tile`) in the work
/// folder, served over loopback HTTP by `python3 -m http.server` when python3 is there (stopped
/// when this is released), so the tiled rows can be measured from disk and from a web server.
package final class TiledSources {
    private let work: URL
    private var server: Process?
    private var base: String?

    package init(work: URL) throws(BenchmarkError) {
        self.work = work
        do { try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true) } catch {
            throw .step("could not make \(work.path): \(error)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", work.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        server = process
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        if let port = line.split(separator: " ").firstIndex(of: "port").map({ line.split(separator: " ")[$0 + 1] }) {
            base = "http://127.0.0.1:\(port)/"
        }
    }

    deinit {
        server?.terminate()
    }

    /// The tiled dataset of the JPEG at `path`, on disk, then its web address when served.
    package func tiledSources(of path: String) throws(BenchmarkError) -> [String] {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + "-tiled"
        do { _ = try DatasetTiler.tile(image: path, into: work.appendingPathComponent(name)) } catch { throw .tiling(error) }
        return [work.appendingPathComponent(name).path] + (base.map { [$0 + name + "/"] } ?? [])
    }
}
