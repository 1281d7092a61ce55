#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TextSafety
import TUI

/// `sidewalk terminal`: asks the terminal what it can do, as the explorer does at start, and
/// says what it answered and what Sidewalk would draw with (docs/terminals.md).
struct TerminalCommand: SidewalkCommand {
    static let purpose = "ask this terminal what it can do, and say what Sidewalk would draw with"
    static let synopsis = ["sidewalk terminal [--wait SECONDS]"]

    static var spec: CommandSpec<TerminalCommand> {
        CommandSpec(name: "terminal", purpose: purpose, synopsis: synopsis, about: """
              Sends the explorer's questions (DA1, XTVERSION, a 24-bit colour read back with DECRQSS,
              XTGETTCAP RGB and Tc, the kitty graphics query, the cell size in pixels) and prints the
              answers, the environment that also counts, and the colour mode chosen from them.
            """, options: [
                .number("--wait", "SECONDS", in: 0.05...10, default: 1, help: "how long to wait for the answers") { $0.wait = $1 },
            ], epilogue: "") { _, argument throws(UsageError) in
            throw UsageError(description: "terminal takes no argument, not '\(argument)'")
        }
    }

    /// Seconds to wait for DA1's answer: longer than the explorer's, to be sure on a slow link.
    var wait = 1.0

    func validate() throws(UsageError) {}

    func run() throws(CommandError) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let term = environment["TERM"]
        let capabilities: TerminalCapabilities
        do { capabilities = try TerminalProbe.ask(termName: term, environment: environment, within: wait) } catch { throw .terminal(error) }
        for line in Self.report(capabilities, termName: term, environment: environment) { print(TextSanitizer.sanitize(line)) }
        return ExitStatus.success
    }

    /// The report's lines.
    static func report(_ capabilities: TerminalCapabilities, termName: String?, environment: [String: String]) -> [String] {
        func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
        let pixels = capabilities.cellPixels.map { "\($0.width)×\($0.height) pixels" } ?? "not said"
        let trueColor = capabilities.trueColor.map { $0 ? "yes (a 24-bit colour came back exact)" : "no (the colour came back rounded)" } ?? "not said"
        let variables = ["TERM", "COLORTERM", "TERM_PROGRAM", "TMUX", "KITTY_WINDOW_ID", "NO_COLOR"]
            .map { "\($0)=\(environment[$0] ?? "(unset)")" }.joined(separator: " ")
        let mode = TerminalProbe.colorMode(detected: TerminalProbe.colorModeFromTerminfo(termName: termName, environment: environment),
                                           capabilities: capabilities, environment: environment)
        return [
            "answered:        \(capabilities.answered ? "yes" : "no answer to DA1 in time")",
            "terminal:        \(capabilities.version ?? "did not say (XTVERSION)")",
            "attributes:      \(capabilities.deviceAttributes.map(String.init).joined(separator: ";"))",
            "24-bit colour:   \(trueColor)",
            "sixel:           \(yes(capabilities.sixel))",
            "kitty graphics:  \(yes(capabilities.kittyGraphics))",
            "cell size:       \(pixels)",
            "environment:     \(variables)",
            "colour mode:     \(mode.rawValue)",
            "picture:         \(PictureFormat.chosen(for: capabilities, environment: environment).rawValue)",
        ]
    }
}
