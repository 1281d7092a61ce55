import Datasets
import Explorer
import ExplorerScripts
import FoundationEssentials
import ScriptTerminal
import SystemIO
import TermRender
import TextSafety

/// `sidewalk test SCRIPT|DIR...`: keyboard-accessibility scripts as a test suite, with a line a
/// script and a summary, TAP or JUnit reports for CI, and exit status 1 when any fails.
struct TestCommand: SidewalkCommand {
    static let purpose = "run keyboard-accessibility scripts with expectations as a test suite"
    static let synopsis = ["sidewalk test SCRIPT|DIR...|--config SUITE.json [--front both|headless|terminal] [--size WxH,...] [options]"]

    static var spec: CommandSpec<TestCommand> {
        CommandSpec(
            name: "test", purpose: purpose, synopsis: synopsis,
            about: """
                  Each SCRIPT (a folder: its *.txt files) is read first; a script that cannot be read or
                  understood stops the suite before anything runs (status 2). Then each plays on its own
                  explorer standing at the dataset's start (config.json is not read, so a run is the same
                  everywhere), several at once: headless, on a simulated clock, and in the full-screen
                  explorer on a pseudo-terminal of its own, typed into as a terminal types, in real time.
                  Scripts hold keys, :commands, wait and expect lines (docs/accessibility-testing.md). A
                  script fails at its first expectation that does not come true in time, or at an
                  explorer error that its next line does not expect. Prints a line a script and front,
                  and "N passed, N failed"; status 1 if any failed.
                """,
            options: [
                .choice("--front", "FRONT", ["both", "headless", "terminal"], default: "both", help: "where the scripts play") {
                    $0.fronts = $1 == "both" ? ScriptSuite.Front.allCases : [ScriptSuite.Front(rawValue: $1)!]
                },
                .text("--grep", "PATTERN", help: "play only the scripts whose path or an expect line matches this /pattern/") {
                    $0.grep = $1
                },
                .wholeNumber(
                    "--retries", "N", in: retryRange, default: 0, help: "play a failed script again up to N times; a pass then is flaky"
                ) {
                    $0.retries = $1
                },
                .flag("--update-goldens", help: "record the golden screens the scripts expect, instead of comparing (the run fails)") {
                    $0.updateGoldens = true
                },
                .wholeNumber("--workers", "N", in: workerRange, help: "scripts played at once (default: one per core)") { $0.workers = $1 },
                .text(
                    "--config", "SUITE.json", help: "the suite's scripts, fronts, sizes, dataset, retries, workers and grep (options win)"
                ) {
                    $0.configPath = $1
                },
                .choice(
                    "--cursor-keys", "FORM", TerminalFront.CursorKeys.allCases.map(\.rawValue), default: "as-asked",
                    help: "terminal front: what the arrows, Home and End send: as the explorer asked (xterm), or always normal "
                        + "(ESC [ C) or application (ESC O C) form"
                ) { $0.cursorKeys = TerminalFront.CursorKeys(rawValue: $1)! },
                .sizes(
                    "--size", in: sides, most: 8,
                    help: "the screen's columns and rows, for expect screen; several play every script at each (default 100x30)"
                ) {
                    $0.sizes = $1.map { ScriptSuite.Size(columns: $0.width, rows: $0.height) }
                },
                .text("--dataset", "DATASET", help: "the dataset the scripts walk (default: the bundled demo town)") { $0.dataset = $1 },
                .text("--tap", "FILE", help: "write the results as TAP version 13 to FILE") { $0.tapPath = $1 },
                .text("--junit", "FILE", help: "write the results as JUnit XML (Ant's schema, as CI servers read it) to FILE") {
                    $0.junitPath = $1
                },
                .text(
                    "--trace", "DIR",
                    help: "keep what the terminal front drew in each failing run as an asciicast in DIR, a marker at each "
                        + "script line and at the failing one; the reports name it"
                ) { $0.tracePath = $1 },
                .flag("--trace-all", help: "with --trace, keep passing runs' recordings too") { $0.traceAll = true }
            ], epilogue: ""
        ) { command, argument throws(UsageError) in
            guard !argument.isEmpty else { throw UsageError(description: "a SCRIPT path is empty") }
            command.paths.append(argument)
        }
    }

    var paths: [String] = []
    var fronts: [ScriptSuite.Front]?
    var sizes: [ScriptSuite.Size]?
    var cursorKeys = TerminalFront.CursorKeys.asAsked
    var dataset: String?
    var tapPath: String?
    var junitPath: String?
    var grep: String?
    var retries: Int?
    var workers: Int?
    var configPath: String?
    var updateGoldens = false
    var tracePath: String?
    var traceAll = false

    /// A screen's sides, columns and rows; retries and workers.
    static let sides = 20...400
    static let retryRange = 0...10
    static let workerRange = 1...64

    func validate() throws(UsageError) {
        guard !paths.isEmpty || configPath != nil else { throw UsageError(description: "test needs a SCRIPT or a folder of them") }
        if traceAll, tracePath == nil { throw UsageError(description: "--trace-all keeps traces: it needs --trace DIR") }
    }

    func run() throws(CommandError) -> Int32 {
        // The reports' files are checked before the suite runs, not refused after it.
        do throws(FileError) {
            for report in [tapPath, junitPath].compactMap({ $0 }) { try OutputFile.checkReplaceable(report) }
            if let tracePath { try Traces.prepare(tracePath) }
        } catch {
            throw .file(error)
        }
        let config = try configPath.map { (path) throws(CommandError) in try SuiteConfig.load(path) } ?? SuiteConfig()
        let scripts = try Self.selected(
            ScriptSuite.read(ScriptSuite.files(paths.isEmpty ? config.scripts : paths)), grep: grep ?? config.grep)
        guard let path = dataset ?? config.dataset ?? AssetLocator.defaultPath() else { throw .assetsNotFound }
        let opened: Dataset
        do { opened = try DatasetOpener().open(path).withAllShards() } catch { throw .dataset(error) }
        let suite = ScriptSuite(columns: 100, rows: 30, datasetPath: path, cursorKeys: cursorKeys)
        var plan = ScriptSuite.Plan()
        plan.fronts = fronts ?? config.fronts ?? plan.fronts
        plan.sizes = sizes ?? config.sizes ?? plan.sizes
        plan.retries = retries ?? config.retries ?? plan.retries
        plan.workers = workers ?? config.workers ?? plan.workers
        plan.recordGoldens = updateGoldens
        plan.traces = tracePath.map { Traces(folder: $0, all: traceAll) }
        let runs = suite.play(scripts, dataset: opened, plan: plan)
        for run in runs { print(Self.line(run)) }
        let failed = runs.filter { !$0.result.passed }.count
        let flaky = runs.filter(\.flaky).count
        print("\(runs.count - failed) passed, \(failed) failed" + (flaky > 0 ? ", \(flaky) flaky" : ""))
        do throws(FileError) {
            if let tapPath { try OutputFile.replaceWhole(tapPath, with: Array(ScriptReport.tap(runs).utf8)) }
            if let junitPath {
                let host = ProcessInfo.processInfo.hostName
                try OutputFile.replaceWhole(
                    junitPath, with: Array(ScriptReport.junit(runs, at: Date(), hostname: host.isEmpty ? "localhost" : host).utf8))
            }
        } catch {
            throw .file(error)
        }
        return failed == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// The scripts `grep` selects (all without one): those whose path or an `expect` line
    /// matches it; none selected is an error (status 2), as a mistyped pattern would pass.
    static func selected(_ scripts: [ScriptSuite.Script], grep: String?) throws(CommandError) -> [ScriptSuite.Script] {
        guard let grep else { return scripts }
        let pattern: TextPattern
        do { pattern = try TextPattern(grep) } catch { throw .usage(UsageError(description: "--grep \(grep): \(error)")) }
        let chosen = scripts.filter { script in
            pattern.isFound(in: script.path) || script.lines.contains { $0.step.isExpectation && pattern.isFound(in: $0.text) }
        }
        guard !chosen.isEmpty else { throw .script(source: "--grep \(grep)", problem: "matches no script nor expect line") }
        return chosen
    }

    /// "ok   walk.txt (terminal, 4 expectations)", or for each failure "FAIL walk.txt:7 (terminal):
    /// expect ...: what was there", the last lines said before it and what was there whole (the
    /// screen, the events), then how many expectations it kept from running.
    static func line(_ run: ScriptSuite.Run) -> String {
        let result = run.result
        let count = result.assertions.count + result.skipped.count
        guard let stopped = result.failure else {
            let flaky = run.flaky ? " flaky: passed on attempt \(run.attempts)" : ""
            return TextSanitizer.sanitize(
                "ok   \(run.script.path) (\(run.setting), \(count) expectation\(count == 1 ? "" : "s"))" + flaky)
        }
        let unwritten = Dictionary(run.fileProblems.map { ($0.path, $0.problem) }) { first, _ in first }
        var failures = result.assertions.compactMap { assertion in
            // A golden's screen is written beside it: the line names the files rather than print
            // them, unless they could not be written (said below, and the screen printed).
            assertion.failure.map { failure -> (ScriptPlayer.Failure, String?) in
                let written = Goldens.path(of: assertion.line).map { unwritten[$0] == nil } ?? false
                let files = written ? Goldens.written(assertion.line).map { "written to \($0.actual); the diff in \($0.diff)" } : nil
                return (failure, files ?? assertion.evidence)
            }
        }
        if !failures.contains(where: { $0.0 == stopped }) { failures.append((stopped, nil)) }
        var lines: [String] = []
        for (failure, evidence) in failures {
            // A recording whose write failed is not claimed: the line below says why.
            let unrecorded = Goldens.path(of: failure.line).flatMap { unwritten[$0] != nil ? $0 : nil }
            let message = unrecorded.map { failure.message.contains("recorded \($0)") ? "could not record \($0)" : failure.message }
            lines.append("FAIL \(run.script.path):\(failure.line.line) (\(run.setting)): \(message ?? failure.message)")
            lines += result.transcript.filter { $0.line <= failure.line.line }.suffix(3).map { "       said: " + $0.text }
            if let evidence {
                let shown = evidence.components(separatedBy: "\n")
                lines += ["       found:"] + shown.prefix(evidenceLines).map { "         " + $0 }
                if shown.count > evidenceLines {
                    lines.append("         … \(shown.count - evidenceLines) lines more in the TAP or JUnit report")
                }
            }
        }
        lines += run.fileProblems.map { "       not written: " + $0.problem }
        if !result.skipped.isEmpty {
            lines.append("       \(result.skipped.count) expectation\(result.skipped.count == 1 ? "" : "s") after it not reached (skipped)")
        }
        return lines.map { TextSanitizer.sanitize($0) }.joined(separator: "\n")
    }

    /// Lines of a screen or of events shown under a failure on the console, at most.
    static let evidenceLines = 60
}
