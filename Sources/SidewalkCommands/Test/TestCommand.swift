import Datasets
import Explorer
import Foundation
import ScriptTerminal
import SystemIO
import TermRender
import TextSafety

/// `sidewalk test SCRIPT|DIR...`: keyboard-accessibility scripts as a test suite, with a line a
/// script and a summary, TAP or JUnit reports for CI, and exit status 1 when any fails.
struct TestCommand: SidewalkCommand {
    static let purpose = "run keyboard-accessibility scripts with expectations as a test suite"
    static let synopsis = ["sidewalk test SCRIPT|DIR... [--front both|headless|terminal] [--dataset DATASET] [--tap FILE] [--junit FILE]"]

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
                .choice(
                    "--cursor-keys", "FORM", TerminalFront.CursorKeys.allCases.map(\.rawValue), default: "as-asked",
                    help: "terminal front: what the arrows, Home and End send: as the explorer asked (xterm), or always normal "
                        + "(ESC [ C) or application (ESC O C) form"
                ) { $0.cursorKeys = TerminalFront.CursorKeys(rawValue: $1)! },
                .size("--size", in: 20...400, help: "the screen's columns and rows, for expect screen (default 100x30)") { $0.size = $1 },
                .text("--dataset", "DATASET", help: "the dataset the scripts walk (default: the bundled demo town)") { $0.dataset = $1 },
                .text("--tap", "FILE", help: "write the results as TAP version 13 to FILE") { $0.tapPath = $1 },
                .text("--junit", "FILE", help: "write the results as JUnit XML (Ant's schema, as CI servers read it) to FILE") {
                    $0.junitPath = $1
                }
            ], epilogue: ""
        ) { command, argument throws(UsageError) in
            guard !argument.isEmpty else { throw UsageError(description: "a SCRIPT path is empty") }
            command.paths.append(argument)
        }
    }

    var paths: [String] = []
    var fronts = ScriptSuite.Front.allCases
    var size = (width: 100, height: 30)
    var cursorKeys = TerminalFront.CursorKeys.asAsked
    var dataset: String?
    var tapPath: String?
    var junitPath: String?

    func validate() throws(UsageError) {
        guard !paths.isEmpty else { throw UsageError(description: "test needs a SCRIPT or a folder of them") }
    }

    func run() throws(CommandError) -> Int32 {
        // The reports' files are checked before the suite runs, not refused after it.
        do throws(FileError) {
            for report in [tapPath, junitPath].compactMap({ $0 }) { try OutputFile.checkReplaceable(report) }
        } catch {
            throw .file(error)
        }
        let scripts = try ScriptSuite.read(ScriptSuite.files(paths))
        guard let path = dataset ?? AssetLocator.defaultPath() else { throw .assetsNotFound }
        let opened: Dataset
        do { opened = try DatasetOpener().open(path).withAllShards() } catch { throw .dataset(error) }
        var suite = ScriptSuite(columns: size.width, rows: size.height, datasetPath: path)
        suite.cursorKeys = cursorKeys
        let runs = suite.play(scripts, dataset: opened, fronts: fronts)
        for run in runs { print(Self.line(run)) }
        let failed = runs.filter { !$0.result.passed }.count
        print("\(runs.count - failed) passed, \(failed) failed")
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

    /// "ok   walk.txt (terminal, 4 expectations)", or for each failure "FAIL walk.txt:7 (terminal):
    /// expect ...: what was there", the last lines said before it and what was there whole (the
    /// screen, the events), then how many expectations it kept from running.
    static func line(_ run: ScriptSuite.Run) -> String {
        let result = run.result
        let count = result.assertions.count + result.skipped.count
        guard let stopped = result.failure else {
            return TextSanitizer.sanitize("ok   \(run.script.path) (\(run.front.rawValue), \(count) expectation\(count == 1 ? "" : "s"))")
        }
        var failures = result.assertions.compactMap { assertion in assertion.failure.map { ($0, assertion.evidence) } }
        if !failures.contains(where: { $0.0 == stopped }) { failures.append((stopped, nil)) }
        var lines: [String] = []
        for (failure, evidence) in failures {
            lines.append("FAIL \(run.script.path):\(failure.line.line) (\(run.front.rawValue)): \(failure.message)")
            lines += result.transcript.filter { $0.line <= failure.line.line }.suffix(3).map { "       said: " + $0.text }
            if let evidence {
                let shown = evidence.components(separatedBy: "\n")
                lines += ["       found:"] + shown.prefix(evidenceLines).map { "         " + $0 }
                if shown.count > evidenceLines {
                    lines.append("         … \(shown.count - evidenceLines) lines more in the TAP or JUnit report")
                }
            }
        }
        if !result.skipped.isEmpty {
            lines.append("       \(result.skipped.count) expectation\(result.skipped.count == 1 ? "" : "s") after it not reached (skipped)")
        }
        return lines.map { TextSanitizer.sanitize($0) }.joined(separator: "\n")
    }

    /// Lines of a screen or of events shown under a failure on the console, at most.
    static let evidenceLines = 60
}
