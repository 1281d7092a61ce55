import Datasets
import Explorer
import ExplorerScripts
import FoundationEssentials
import ScriptTerminal
import StreetModel
import Synchronization
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
        /// The screen's size, named in the title when a suite plays at several.
        var size: Size?
        /// How many times it was played: more than 1 when it failed and was played again.
        var attempts = 1
        /// Golden files that could not be written after it, one line each.
        /// Goldens that could not be written, with why.
        var fileProblems: [(path: String, problem: String)] = []
        /// The recording of what the terminal front drew (`--trace`), where one was kept.
        var trace: String?
        /// Passed, but only when played again: flaky.
        var flaky: Bool { attempts > 1 && result.passed }
        /// Where it played: "terminal", "terminal, 80x24".
        var setting: String { front.rawValue + (size.map { ", \($0.columns)x\($0.rows)" } ?? "") }
        /// "walk.txt (terminal)", "walk.txt (terminal, 80x24)".
        var title: String { "\(script.path) (\(setting))" }
    }

    /// A screen's columns and rows.
    struct Size: Sendable, Equatable {
        let columns: Int
        let rows: Int
    }

    /// The screen both fronts read, columns×rows.
    let columns: Int
    let rows: Int
    /// The dataset's folder or address, for the terminal front's explorer.
    let datasetPath: String
    /// What the terminal front's arrows send.
    var cursorKeys = TerminalFront.CursorKeys.asAsked
    /// Where the terminal front's traces go (`--trace`), and whether passing runs leave one too.
    var traces: Traces?

    /// Largest script read, bytes.
    static let byteLimit = 16 << 20

    /// The script files `paths` name: files as given, and each folder's `*.txt` files (not its
    /// subfolders, nor a file linked out of the folder), sorted by name.
    static func files(_ paths: [String]) throws(CommandError) -> [String] {
        var files: [String] = []
        for path in paths {
            guard let kind = FileKind.following(path) else { throw .script(source: path, problem: "no such file") }
            guard kind == .directory else {
                files.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let scripts = names.filter { $0.hasSuffix(".txt") }.sorted()
            guard !scripts.isEmpty else { throw .script(source: path, problem: "holds no scripts (*.txt)") }
            for name in scripts {
                let file = PathText.join(path, name)
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

    /// How a suite is played: where, at which sizes, how many at once, how often again.
    struct Plan: Sendable {
        var fronts = Front.allCases
        var sizes = [Size(columns: 100, rows: 30)]
        /// Runs at once, ≥ 1.
        var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        /// Further plays of a run that failed, ≥ 0.
        var retries = 0
        /// Golden screens are recorded, not compared (`--update-goldens`).
        var recordGoldens = false
        /// Where the terminal front's traces go; nil for none.
        var traces: Traces?
    }

    /// Plays every script on every front at every size of `plan`, `plan.workers` at once, each
    /// on a fresh explorer at `dataset`'s start; a run that fails is played again up to
    /// `plan.retries` times, and one that then passes is flaky. In the scripts' order.
    func play(_ scripts: [Script], dataset: Dataset, plan: Plan) -> [Run] {
        let jobs = scripts.flatMap { script in plan.sizes.flatMap { size in plan.fronts.map { (script, size, $0) } } }
        let results = Mutex<[Int: Run]>([:])
        // Threads of their own: a play in a terminal mostly waits, and Dispatch's concurrentPerform
        // would run about one a core at a time, whatever `--workers` asked for.
        BlockingThread.forEach(jobs.count, workers: plan.workers, name: "script-play") { index in
            let (written, size, front) = jobs[index]
            let lines = Goldens.bind(
                written.lines, script: written.path, front: front.rawValue, size: "\(size.columns)x\(size.rows)",
                recording: plan.recordGoldens)
            let script = Script(path: written.path, lines: lines)
            let suite = ScriptSuite(
                columns: size.columns, rows: size.rows, datasetPath: datasetPath, cursorKeys: cursorKeys, traces: plan.traces)
            var run = suite.play(script, on: front, dataset: dataset)
            while !run.result.passed, run.attempts <= plan.retries, !plan.recordGoldens {
                let attempts = run.attempts + 1
                run = suite.play(script, on: front, dataset: dataset)
                run.attempts = attempts
            }
            if plan.sizes.count > 1 { run.size = size }
            run.fileProblems = Goldens.write(run.result)
            results.withLock { $0[index] = run }
        }
        return results.withLock { runs in jobs.indices.compactMap { runs[$0] } }
    }

    /// One play of `script` on `front`.
    private func play(_ script: Script, on front: Front, dataset: Dataset) -> Run {
        front == .headless ? playHeadless(script, dataset: dataset) : playInTerminal(script, dataset: dataset)
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
        var trace: String?
        let start = ScriptLine(.wait(seconds: 0), line: 0, text: "start")
        do {
            let terminal = try PseudoTerminal(
                executable: Self.executable, arguments: [datasetPath, "--geocoder", "off", "--state-log", "/dev/fd/3"],
                environment: environment, columns: columns, rows: rows)
            if var front = TerminalFront(
                terminal: terminal, columns: columns, rows: rows, panoramas: dataset.service.panorama(id:), cursorKeys: cursorKeys,
                tracing: traces != nil)
            {
                result = ScriptPlayer.play(script.lines, on: &front, wallClock: FileDescriptorIO.monotonicSeconds)
                trace = traces?.keep(front, of: script, result: result, columns: columns, rows: rows)
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
        var run = Run(script: script, front: .terminal, result: result, seconds: seconds, simulated: seconds)
        run.trace = trace
        return run
    }

    /// This program, to start on the pseudo-terminal.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
