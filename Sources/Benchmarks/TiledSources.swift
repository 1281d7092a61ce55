import Datasets
import FoundationEssentials
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// For `bench imagery`: each panorama cut into a tiled dataset (`sidewalk tile`) in the work
/// folder, served over loopback HTTP by `python3 -m http.server` when python3 is there (stopped
/// when this is released), so the tiled rows can be measured from disk and from a web server.
package final class TiledSources {
    private let work: URL
    private var server: ChildProcess?
    private var base: String?

    package init(work: URL) throws(BenchmarkError) {
        self.work = work
        do { try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true) } catch {
            throw .step("could not make \(work.path): \(error)")
        }
        let arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", work.path]
        guard let process = try? ChildProcess(arguments, output: .pipe, errors: .null) else { return }
        server = process
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        var chunk = [UInt8](repeating: 0, count: 512)
        let count = SystemCall.poll(process.output, for: POLLIN, seconds: 10) == nil ? 0 : SystemCall.read(process.output, into: &chunk)
        let line = String(decoding: chunk.prefix(max(count, 0)), as: UTF8.self)
        if let port = line.split(separator: " ").firstIndex(of: "port").map({ line.split(separator: " ")[$0 + 1] }) {
            base = "http://127.0.0.1:\(port)/"
        }
    }

    deinit {
        server?.terminate()
        server?.wait()
    }

    /// The tiled dataset of the JPEG at `path`, on disk, then its web address when served.
    package func tiledSources(of path: String) throws(BenchmarkError) -> [String] {
        let name = PathText.stem(path) + "-tiled"
        do { _ = try DatasetTiler.tile(image: path, into: work.appendingPathComponent(name)) } catch { throw .tiling(error) }
        return [work.appendingPathComponent(name).path] + (base.map { [$0 + name + "/"] } ?? [])
    }
}
