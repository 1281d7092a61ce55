import ExplorerScripts
import FoundationEssentials
import SystemIO

/// Golden screens for a suite's run (`expect screen matches FILE`; docs/accessibility-testing.md):
/// each bound to its file beside the script for the front and size it plays at, read before the
/// run; after it, a failure's screen written beside the golden (`FILE.actual`) with a diff
/// (`FILE.diff`), and with `--update-goldens` every golden written anew (the run fails).
enum Goldens {
    /// The largest golden read, bytes.
    static let byteLimit = 4 << 20

    /// `lines` with each golden bound to its file for `setting` ("terminal", "80x24").
    static func bind(_ lines: [ScriptLine], script: String, front: String, size: String, recording: Bool) -> [ScriptLine] {
        let folder = PathText.parent(script)
        return lines.map { line in
            guard case .expect(let expectation) = line.step, case .golden(var golden) = expectation.subject else { return line }
            let path = PathText.join(folder, GoldenScreen.fileName(golden.name, front: front, size: size))
            if let refusal = refusal(golden.name, path: path, folder: folder) {
                golden.refusal = refusal
            } else {
                golden.path = path
                golden.expected = (try? InputFile.read(path, limit: byteLimit)).flatMap { String(validating: $0, as: UTF8.self) }
            }
            golden.recording = recording
            // A recording run records every golden: none stops it.
            let bound = Expectation(.golden(golden), deadline: expectation.deadline, soft: expectation.soft || recording)
            return ScriptLine(.expect(bound), line: line.line, text: line.text, waits: line.waits)
        }
    }

    /// Why the golden `name`, at `path`, may not be read or written: it is named by an absolute
    /// path or through `..`, lies in a folder linked out of the script's `folder`, or is itself a
    /// link or anything but a regular file. Nil when it may. What it names is never read.
    static func refusal(_ name: String, path: String, folder: String) -> String? {
        let outside = "the golden \(name) leads outside the script's folder; goldens are read and written only inside it"
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return outside }
        let (parent, root) = (PathText.parent(path), folder.isEmpty ? "." : folder)
        if FileKind.of(parent) != nil, !Directory.isOrLies(parent, inside: root) { return outside }
        if let kind = FileKind.of(path), kind != .regular {
            return "the golden \(name) is \(kind.phrase), not a regular file; refusing to read it"
        }
        return nil
    }

    /// The golden file `line` expects a screen to match; nil for any other line.
    static func path(of line: ScriptLine) -> String? {
        guard case .expect(let expectation) = line.step, case .golden(let golden) = expectation.subject else { return nil }
        return golden.path
    }

    /// Where a failed golden's screen is written beside it, and its diff; nil for any other line.
    static func written(_ line: ScriptLine) -> (actual: String, diff: String)? {
        guard case .expect(let expectation) = line.step, case .golden(let golden) = expectation.subject, let path = golden.path,
            !golden.recording
        else { return nil }
        return (path + ".actual", path + ".diff")
    }

    /// Writes what `result`'s goldens call for: the recorded screens (their folders made, as
    /// Playwright makes its snapshot folders), or a failure's actual screen and diff; a golden
    /// that passes has the `.actual` and `.diff` an earlier failure left removed. Returns each
    /// golden that could not be written, with why, so the report never claims a write that did
    /// not happen.
    static func write(_ result: ScriptPlayer.Result) -> [(path: String, problem: String)] {
        var problems: [(path: String, problem: String)] = []
        for assertion in result.assertions {
            guard case .expect(let expectation) = assertion.line.step, case .golden(let golden) = expectation.subject,
                let path = golden.path
            else { continue }
            guard !assertion.passed, let actual = assertion.evidence else {
                for stale in [path + ".actual", path + ".diff"] where FileKind.of(stale) == .regular { Directory.remove(stale) }
                continue
            }
            do throws(FileError) {
                try makeFolders(PathText.parent(path))
                if golden.recording {
                    try OutputFile.replaceWhole(path, with: Array(actual.utf8))
                } else {
                    try OutputFile.replaceWhole(path + ".actual", with: Array(actual.utf8))
                    if let expected = golden.expected {
                        try OutputFile.replaceWhole(path + ".diff", with: Array(GoldenScreen.diff(expected, actual).utf8))
                    }
                }
            } catch {
                problems.append((path, error.description))
            }
        }
        return problems
    }

    /// Makes `folder` and the folders above it that are missing (a golden's, inside its script's
    /// folder: `refusal` has held it there).
    private static func makeFolders(_ folder: String) throws(FileError) {
        guard !folder.isEmpty, FileKind.of(folder) == nil else { return }
        try makeFolders(PathText.parent(folder))
        try OutputFile.makeFolder(folder)
    }
}
