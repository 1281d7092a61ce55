import Datasets
import Explorer
import ExplorerScripts
import Foundation
import ParallelDispatch
import ScriptTerminal
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

    /// Where a script is played.
    enum Front: String, Sendable, CaseIterable {
        /// On a simulated clock, no terminal (`ScriptPlayer`).
        case headless
        /// The full-screen explorer on a pseudo-terminal, in real time (`TerminalScriptPlayer`).
        case terminal
    }

    /// One script's run.
    struct Run: Sendable {
        let script: Script
        let front: Front
        let result: ScriptPlayer.Result
        /// Wall-clock time the run took, seconds.
        let seconds: Double
        /// The explorer's clock when it ended, seconds (real time for the terminal front).
        let simulated: Double
        /// "walk.txt (terminal)".
        var title: String { "\(script.path) (\(front.rawValue))" }
    }

    /// The screen both fronts read, columns×rows.
    let columns: Int
    let rows: Int
    /// The dataset's folder or address, for the terminal front's explorer.
    let datasetPath: String
    /// What the terminal front's arrows send.
    var cursorKeys = TerminalFront.CursorKeys.asAsked

    /// Largest script read, bytes.
    static let byteLimit = 16 << 20

    /// The script files `paths` name: files as given, and each folder's `*.txt` files (not its
    /// subfolders, nor a file linked out of the folder), sorted by name.
    static func files(_ paths: [String]) throws(CommandError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw .script(source: path, problem: "no such file")
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let scripts = names.filter { $0.hasSuffix(".txt") }.sorted()
            guard !scripts.isEmpty else { throw .script(source: path, problem: "holds no scripts (*.txt)") }
            for name in scripts {
                let file = (path as NSString).appendingPathComponent(name)
                // A folder's scripts are its own: one linked elsewhere (to ~/.env, /etc/shadow) is
                // not read, so no line of it reaches an error or a CI log.
                guard Directory.lies(file, inside: path) else {
                    throw .script(source: file, problem: "leads outside the suite folder \(path) (a symbolic link?); refusing to read it")
                }
                files.append(file)
            }
        }
        return files
    }

    /// Reads and parses each script; the first that cannot be read or understood is the error.
    static func read(_ files: [String]) throws(CommandError) -> [Script] {
        try files.map { (path) throws(CommandError) in
            let bytes: [UInt8]
            do throws(FileError) { bytes = try InputFile.read(path, limit: byteLimit) } catch {
                throw .script(source: path, problem: error.reason)
            }
            return Script(path: path, lines: try lines(bytes, source: path))
        }
    }

    /// A script file's steps from its bytes; `source` names it in the error.
    static func lines(_ bytes: [UInt8], source: String) throws(CommandError) -> [ScriptLine] {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .script(source: source, problem: "is not UTF-8 text") }
        do { return try KeyScript.parse(text, form: .file) } catch { throw .script(source: source, problem: error.message) }
    }

    /// Plays every script on every front, as many at once as there are cores, each on a fresh
    /// explorer at `dataset`'s start.
    func play(_ scripts: [Script], dataset: Dataset, fronts: [Front]) -> [Run] {
        let jobs = scripts.flatMap { script in fronts.map { (script, $0) } }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var runs: [Int: Run] = [:]
        }
        let results = Results()
        DispatchRunner().run(jobs.count) { index in
            let (script, front) = jobs[index]
            let run = front == .headless ? playHeadless(script, dataset: dataset) : playInTerminal(script, dataset: dataset)
            results.lock.withLock { results.runs[index] = run }
        }
        return jobs.indices.compactMap { results.runs[$0] }
    }

    /// One script on a fresh explorer standing at the dataset's start, facing its initial view.
    func playHeadless(_ script: Script, dataset: Dataset) -> Run {
        let started = Date()
        var state = ExplorerState()
        if let start = dataset.service.panorama(id: dataset.startID) {
            state = ExplorerState(
                camera: CameraFlags().startingCamera(initialView: start.initialView), panorama: start, service: dataset.service)
        }
        // As the terminal front's explorer: truecolor (its COLORTERM), half blocks, this size.
        let headless = HeadlessFront(columns: columns, rows: rows)
        headless.prepare(&state)
        var front = headless.front(ScriptRunner(state: state, problem: { panorama in dataset.problem(showing: panorama) }))
        let result = ScriptPlayer.play(script.lines, on: &front, wallClock: FileDescriptorIO.monotonicSeconds)
        return Run(script: script, front: .headless, result: result, seconds: Date().timeIntervalSince(started), simulated: front.clock)
    }

    /// One script on the full-screen explorer, started on a pseudo-terminal of its own with a
    /// home of its own (no config.json, no caches shared), as a terminal starts it.
    func playInTerminal(_ script: Script, dataset: Dataset) -> Run {
        let started = Date()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "SWIFT_BACKTRACE": "interactive=no"
        ]
        var result = ScriptPlayer.Result()
        let start = ScriptLine(.wait(seconds: 0), line: 0, text: "start")
        do {
            let terminal = try PseudoTerminal(
                executable: Self.executable, arguments: [datasetPath, "--geocoder", "off", "--state-log", "/dev/fd/3"],
                environment: environment, columns: columns, rows: rows)
            if var front = TerminalFront(
                terminal: terminal, columns: columns, rows: rows, panoramas: dataset.service.panorama(id:), cursorKeys: cursorKeys)
            {
                result = ScriptPlayer.play(script.lines, on: &front, wallClock: FileDescriptorIO.monotonicSeconds)
            } else {
                result.failure = ScriptPlayer.Failure(
                    line: start, message: "the explorer drew nothing within \(Int(TerminalFront.startLimit)) s")
            }
            terminal.end()
        } catch {
            result.failure = ScriptPlayer.Failure(line: start, message: error.description)
        }
        // A front that never started reached none of the expectations.
        if result.failure?.line.line == 0 { result.skipped = script.lines.filter(\.step.isExpectation) }
        let seconds = Date().timeIntervalSince(started)
        return Run(script: script, front: .terminal, result: result, seconds: seconds, simulated: seconds)
    }

    /// This program, to start on the pseudo-terminal.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
