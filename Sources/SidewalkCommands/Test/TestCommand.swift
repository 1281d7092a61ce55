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

    /// "ok   walk.txt (4 expectations)", or "FAIL walk.txt:7: expect ...: what was there" and the
    /// last lines said before it.
    static func line(_ run: ScriptSuite.Run) -> String {
        let count = run.result.assertions.count
        guard let failure = run.result.failure else {
            return TextSanitizer.sanitize("ok   \(run.script.path) (\(run.front.rawValue), \(count) expectation\(count == 1 ? "" : "s"))")
        }
        let said = run.result.transcript.filter { $0.line <= failure.line.line }.suffix(3).map {
            "       said: " + TextSanitizer.sanitize($0.text)
        }
        return ([TextSanitizer.sanitize("FAIL \(run.script.path):\(failure.line.line) (\(run.front.rawValue)): \(failure.message)")] + said)
            .joined(separator: "\n")
    }
}
