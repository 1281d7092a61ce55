import ExplorerScripts
import FoundationEssentials
import ScriptTerminal
import SystemIO
import TUI

/// `sidewalk test --trace DIR`: for each run of the terminal front that fails (every run, with
/// `--trace-all`), what the explorer drew kept as an asciicast v2 recording in DIR, a marker at
/// each script line and a last one at the failing line, so `asciinema play` (or `sidewalk
/// render`) shows what a user saw when it failed. The reports name the file.
struct Traces: Sendable {
    /// The folder the recordings go in (`prepare`d before the suite runs).
    let folder: String
    /// Passing runs leave a recording too.
    let all: Bool

    /// Makes the folder `path` when it is missing (its parent must exist); throws when it cannot,
    /// or when something else is there: a file, or a link (a trace is written only into a folder
    /// itself, as `--record-visits` writes, never through a link to another).
    static func prepare(_ path: String) throws(FileError) {
        if let kind = FileKind.of(path), kind != .directory {
            throw .notWritable(path: path, reason: "it is \(kind.phrase); --trace writes only into a folder")
        }
        try OutputFile.makeFolder(path)
    }

    /// Writes `front`'s trace of `script` when `result` failed or all are kept; its path, or nil
    /// when none was written (a problem writing it is said on standard error).
    func keep(_ front: TerminalFront, of script: ScriptSuite.Script, result: ScriptPlayer.Result, columns: Int, rows: Int) -> String? {
        guard all || !result.passed, let events = front.trace else { return nil }
        let name = PathText.stem(script.path)
        let path = PathText.join(folder, "\(name)-terminal-\(columns)x\(rows)-\(UUID().uuidString.prefix(8)).cast")
        do throws(FileError) {
            let cast = try CastRecorder(
                path: path, title: "sidewalk test: \(script.path)", environment: ["TERM": "xterm-256color"], idleLimit: nil,
                timestamp: Int(Date().timeIntervalSince1970))
            cast.start(columns: columns, rows: rows)
            for event in events {
                switch event {
                case .output(let time, let bytes): cast.output(bytes, at: time)
                case .marker(let time, let label): cast.marker(label, at: time)
                }
            }
            if let failure = result.failure { cast.marker("FAIL line \(failure.line.line): \(failure.message)", at: front.clock) }
            if let failure = cast.failure { throw failure }
            return path
        } catch {
            reportError("--trace: \(error.description)")
            return nil
        }
    }
}
