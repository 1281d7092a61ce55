import Datasets
import Explorer
import Foundation
import ParallelDispatch
import StreetModel
import SystemIO

/// A suite of keyboard-accessibility scripts (`sidewalk test`): found in files and folders, all
/// read before any runs (a script error stops the suite with status 2), then each played on its
/// own explorer standing at the dataset's start, in parallel.
struct ScriptSuite {
    /// One script, read.
    struct Script: Sendable {
        /// As named on the command line or found in a folder.
        let path: String
        let lines: [ScriptLine]
    }

    /// One script's run.
    struct Run: Sendable {
        let script: Script
        let result: ScriptPlayer.Result
        /// Wall-clock time the run took, seconds.
        let seconds: Double
        /// The explorer's clock when it ended, seconds.
        let simulated: Double
    }

    /// Largest script read, bytes.
    static let byteLimit = 16 << 20

    /// The script files `paths` name: files as given, and each folder's `*.txt` files (not its
    /// subfolders), sorted by name.
    static func files(_ paths: [String]) throws(CommandError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .file(.notFound(path: path)) }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let scripts = names.filter { $0.hasSuffix(".txt") }.sorted()
            guard !scripts.isEmpty else { throw .script(source: path, problem: "holds no scripts (*.txt)") }
            files += scripts.map { (path as NSString).appendingPathComponent($0) }
        }
        return files
    }

    /// Reads and parses each script; the first that cannot be read or understood is the error.
    static func read(_ files: [String]) throws(CommandError) -> [Script] {
        try files.map { (path) throws(CommandError) in
            let bytes: [UInt8]
            do throws(FileError) { bytes = try InputFile.read(path, limit: byteLimit) } catch { throw .script(source: path, problem: error.reason) }
            return Script(path: path, lines: try lines(bytes, source: path))
        }
    }

    /// A script file's steps from its bytes; `source` names it in the error.
    static func lines(_ bytes: [UInt8], source: String) throws(CommandError) -> [ScriptLine] {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .script(source: source, problem: "is not UTF-8 text") }
        do { return try KeyScript.parse(text, form: .file) } catch { throw .script(source: source, problem: error.message) }
    }

    /// Plays every script, as many at once as there are cores, each on a fresh explorer at
    /// `dataset`'s start.
    static func play(_ scripts: [Script], dataset: Dataset) -> [Run] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var runs: [Int: Run] = [:]
        }
        let results = Results()
        DispatchRunner().run(scripts.count) { index in
            let run = play(scripts[index], dataset: dataset)
            results.lock.withLock { results.runs[index] = run }
        }
        return scripts.indices.compactMap { results.runs[$0] }
    }

    /// One script on a fresh explorer standing at the dataset's start, facing its initial view.
    static func play(_ script: Script, dataset: Dataset) -> Run {
        let started = Date()
        var state = ExplorerState()
        if let start = dataset.service.panorama(id: dataset.startID) {
            state = ExplorerState(camera: CameraFlags().startingCamera(initialView: start.initialView), panorama: start, service: dataset.service)
        }
        var runner = ScriptRunner(state: state) { panorama in dataset.problem(showing: panorama) }
        let result = ScriptPlayer().play(script.lines, on: &runner)
        return Run(script: script, result: result, seconds: Date().timeIntervalSince(started), simulated: runner.clock)
    }
}
