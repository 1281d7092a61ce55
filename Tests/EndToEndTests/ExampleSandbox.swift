import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A folder where a document's examples run as a reader would run them from a clone: `Assets`,
/// `docs/examples` and `Tests/Accessibility` lead to the package's own, `docs/images` is a
/// folder of its own (so an example that writes there leaves the package alone), HOME and the
/// cache are inside it, `sidewalk` is on PATH, and no geocoder or street map from the internet
/// is asked.
final class ExampleSandbox {
    let folder: URL
    private let environment: [String: String]

    /// How a run ended: its status and what it wrote to standard error (for a failure's message).
    struct Outcome {
        let status: Int32
        let errors: String
    }

    init(root: URL) throws {
        let files = FileManager.default
        folder = files.temporaryDirectory.appendingPathComponent("sidewalk-examples-\(UUID().uuidString)")
        try files.createDirectory(at: folder.appendingPathComponent("docs/images"), withIntermediateDirectories: true)
        try files.createDirectory(at: folder.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        try files.createDirectory(at: folder.appendingPathComponent("home/.config/sidewalk"), withIntermediateDirectories: true)
        for shared in ["Assets", "docs/examples", "Tests/Accessibility"] {
            try files.createSymbolicLink(at: folder.appendingPathComponent(shared), withDestinationURL: root.appendingPathComponent(shared))
        }
        try Data(#"{"geocoder": "off"}"#.utf8).write(to: folder.appendingPathComponent("home/.config/sidewalk/config.json"))
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.appendingPathComponent("home").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("home/.config").path
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("home/.cache").path
        environment["SIDEWALK_STREET_MAP"] = "off"
        environment["PATH"] = BuiltProducts.directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["LC_ALL"] = "C.UTF-8"
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        self.environment = environment
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `command` as a shell would in this folder: the explorer's interactive forms in a
    /// pseudo-terminal, left with `q` once they have taken the terminal; the others with
    /// standard input from /dev/null, killed after 5 minutes. A benchmark runs `--quick` (the
    /// same work, measured fewer times): the full `bench fidelity` ran over a minute in a debug build, and the docs show eleven
    /// benchmarks.
    func run(_ command: DocumentedCommand) throws -> Outcome {
        let quick = DocumentedUse.subcommand(of: command) == "bench" ? " --quick" : ""
        let line = "cd '\(folder.path)' && exec \(command.text)\(quick)"
        guard Self.isInteractive(command) else {
            let result = try Subprocess.run(["timeout", "--signal=KILL", "300", "/bin/sh", "-c", line], environment: environment)
            return Outcome(status: result.status, errors: result.errorText)
        }
        let words = command.words
        guard let follow = words.firstIndex(of: "--follow"), follow + 1 < words.count else { return try explore(line) }
        // A follower joins a presenter: one is started first, on the same socket.
        let presenter = try start("cd '\(folder.path)' && exec sidewalk --broadcast '\(words[follow + 1])'")
        defer { _ = quit(presenter) }
        return try explore(line)
    }

    /// The explorer's forms that take the terminal: no subcommand (or `tour`), and none of the
    /// options that print and end.
    static func isInteractive(_ command: DocumentedCommand) -> Bool {
        let words = command.words
        let printing = ["--headless", "--script", "--help", "--version"]
        let sub = DocumentedUse.subcommand(of: command)
        return (sub.isEmpty || sub == "tour") && !words.contains { printing.contains($0) }
    }

    private func start(_ line: String) throws -> PseudoTerminalProcess {
        let process = try PseudoTerminalProcess(["/bin/sh", "-c", line], environment: environment, columns: 100, rows: 30)
        // Taken over once echo is off; a program that ended first is read as it ended.
        _ = process.waitUntil(seconds: 30) { process.modes().c_lflag & tcflag_t(ECHO) == 0 || process.exit(within: 0) != nil }
        return process
    }

    private func explore(_ line: String) throws -> Outcome {
        let process = try start(line)
        return Outcome(status: quit(process), errors: String(decoding: process.output.suffix(600), as: UTF8.self))
    }

    /// Types `q`, reads until the program ends (at most 30 s), and returns its status (-1 if it
    /// is still running).
    private func quit(_ process: PseudoTerminalProcess) -> Int32 {
        process.type(Array("q".utf8))
        _ = process.read(until: { _ in false }, seconds: 30)
        return process.exit(within: 5) ?? -1
    }
}
