import ExplorerView
import FoundationEssentials
import TUI
import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// `sidewalk terminal`: asks the terminal what it can do, as the explorer does at start, and
/// says what it answered and what Sidewalk would draw with (docs/terminals.md).
struct TerminalCommand: SidewalkCommand {
    static let purpose = "ask this terminal what it can do, and say what Sidewalk would draw with"
    static let synopsis = ["sidewalk terminal [--wait SECONDS]"]

    static var spec: CommandSpec<TerminalCommand> {
        CommandSpec(
            name: "terminal", purpose: purpose, synopsis: synopsis,
            about: """
                  Sends the explorer's questions (DA1, XTVERSION, a 24-bit colour read back with DECRQSS,
                  XTGETTCAP RGB and Tc, the kitty graphics query, the cell size in pixels, the sixel limits, OSC 4;
                  inside tmux, tmux's list of its terminal's features)
                  and prints the answers, the environment that also counts, and the colour mode and picture
                  format chosen from them.
                """,
            options: [
                .number("--wait", "SECONDS", in: 0.05...10, default: 1, help: "how long to wait for the answers") { $0.wait = $1 }
            ], epilogue: ""
        ) { _, argument throws(UsageError) in
            throw UsageError(description: "terminal takes no argument, not '\(argument)'")
        }
    }

    /// Seconds to wait for DA1's answer: longer than the explorer's, to be sure on a slow link.
    var wait = 1.0

    func validate() throws(UsageError) {}

    func run() throws(CommandError) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let term = environment["TERM"]
        let answers: (capabilities: TerminalCapabilities, columns: Int, rows: Int)
        do { answers = try TerminalProbe.ask(termName: term, environment: environment, within: wait) } catch { throw .terminal(error) }
        for line in Self.report(
            answers.capabilities, termName: term, environment: environment, columns: answers.columns, rows: answers.rows)
        {
            print(TextSanitizer.sanitize(line))
        }
        return ExitStatus.success
    }

    /// The report's lines, for a window of `columns`×`rows` cells.
    static func report(_ capabilities: TerminalCapabilities, termName: String?, environment: [String: String], columns: Int, rows: Int)
        -> [String]
    {
        func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
        let source =
            capabilities.cellPixels != nil
            ? "" : capabilities.textAreaPixels != nil ? " (from the text area's size)" : " (from the sixel area)"
        let pixels = capabilities.cellPixels(columns: columns, rows: rows).map { "\($0.width)×\($0.height) pixels\(source)" } ?? "not said"
        let sixels =
            capabilities.sixel
            ? "yes, \(capabilities.sixelColours.map { "\($0) colours" } ?? "colours not said")"
                + (capabilities.sixelArea.map { ", up to \($0.width)×\($0.height) pixels" } ?? "")
            : "no"
        let trueColor =
            capabilities.tmuxRGB == true
            ? "yes (tmux lists RGB among its terminal's features)"
            : capabilities.trueColor.map { $0 ? "yes (a 24-bit colour came back exact)" : "no (the colour came back rounded)" }
                ?? (capabilities.tmuxRGB == false ? "not said (tmux lists no RGB among its terminal's features)" : "not said")
        let variables = ["TERM", "COLORTERM", "TERM_PROGRAM", "TMUX", "KITTY_WINDOW_ID", "NO_COLOR"]
            .map { "\($0)=\(environment[$0] ?? "(unset)")" }.joined(separator: " ")
        let mode = TerminalProbe.colorMode(
            detected: TerminalProbe.colorModeFromTerminfo(termName: termName, environment: environment),
            capabilities: capabilities, environment: environment)
        return [
            "answered:        \(capabilities.answered ? "yes" : "no answer to DA1 in time")",
            "terminal:        \(capabilities.version ?? "did not say (XTVERSION)")",
            "attributes:      \(capabilities.deviceAttributes.map(String.init).joined(separator: ";"))",
            "24-bit colour:   \(trueColor)",
            "sixel:           \(sixels)",
            "kitty graphics:  \(yes(capabilities.kittyGraphics))",
            "cell size:       \(pixels)",
            "palette:         \(capabilities.ansiColours == nil ? "not said (xterm's 16 colours assumed)" : "its own 16 colours (OSC 4)")",
            "environment:     \(variables)",
            "colour mode:     \(mode.rawValue)",
            "window:          \(columns)×\(rows) cells",
            "picture:         \(PictureFormat.chosen(for: capabilities, environment: environment, columns: columns, rows: rows).rawValue)"
        ]
    }
}
