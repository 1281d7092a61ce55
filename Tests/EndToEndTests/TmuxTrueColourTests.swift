import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Inside tmux nothing answers the colour questions and `COLORTERM` is unset, yet tmux passes
/// 24-bit colour through when its outer terminal has the `RGB` feature. A real tmux, its client
/// attached to a pseudo-terminal that calls itself xterm-256color, is configured both ways, and
/// `sidewalk terminal` runs in its pane.
@Suite("Truecolor inside tmux")
struct TmuxTrueColourTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    /// `sidewalk terminal`'s report inside a tmux whose configuration file holds `configuration`,
    /// then the explorer's first screen in the same pane as tmux holds it (colours as sent).
    private func report(tmuxConfiguration configuration: String) throws -> (report: String, screen: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-tmux-rgb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (conf, output) = (folder.appendingPathComponent("tmux.conf"), folder.appendingPathComponent("report.txt"))
        try Data(configuration.utf8).write(to: conf)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LC_ALL"] = "C.UTF-8"
        for name in ["COLORTERM", "NO_COLOR", "TMUX", "TMUX_PANE"] { environment[name] = nil }
        let socket = "sidewalk-rgb-\(getpid())-\(UUID().uuidString.prefix(8))"
        let pane = "\(BuiltProducts.sidewalk) terminal > \(output.path) 2>&1; exec \(BuiltProducts.sidewalk) \(Self.demo)"
        let client = try PseudoTerminalProcess(
            ["/usr/bin/tmux", "-L", socket, "-f", conf.path, "new-session", pane],
            environment: environment, columns: 100, rows: 30)
        defer { _ = try? Subprocess.run(["/usr/bin/tmux", "-L", socket, "kill-server"], environment: environment) }
        // The client's screen is read (and its questions to its terminal left unanswered, as a
        // plain pty leaves them) until tmux ends with the pane's command.
        let tmux = { (arguments: [String]) throws -> String in
            String(
                decoding: try Subprocess.run(["/usr/bin/tmux", "-L", socket] + arguments, environment: environment).standardOutput,
                as: UTF8.self)
        }
        var screen = ""
        let deadline = Date().addingTimeInterval(60)
        while client.exit(within: 0) == nil, Date() < deadline {
            _ = client.read(until: { _ in false }, seconds: 0.1)
            screen = (try? tmux(["capture-pane", "-e", "-p"])) ?? ""
            if screen.contains("Main Street") { break }
        }
        _ = try tmux(["send-keys", "q"])
        while client.exit(within: 0) == nil, Date() < deadline { _ = client.read(until: { _ in false }, seconds: 0.1) }
        #expect(client.exit(within: 0) != nil, "tmux ends when the explorer does")
        return (try String(contentsOf: output, encoding: .utf8), screen)
    }

    @Test("terminal-features with RGB: 24-bit colour, said to come from tmux, and the explorer draws truecolor")
    func configuredForRGB() throws {
        let (report, screen) = try report(tmuxConfiguration: "set -as terminal-features ',xterm-256color:RGB'\n")
        #expect(report.contains("24-bit colour:   yes (tmux lists RGB among its terminal's features)"), "\(report)")
        #expect(report.contains("colour mode:     truecolor"), "\(report)")
        #expect(screen.contains("\u{1B}[38;2;") && !screen.contains("\u{1B}[38;5;"), "truecolor cells: \(screen.prefix(300))")
    }

    @Test("tmux's defaults for xterm-256color: no RGB, so 256 colours, and the report says why")
    func defaults() throws {
        let (report, screen) = try report(tmuxConfiguration: "")
        #expect(report.contains("24-bit colour:   not said (tmux lists no RGB among its terminal's features)"), "\(report)")
        #expect(report.contains("colour mode:     256"), "\(report)")
        #expect(screen.contains("\u{1B}[38;5;") && !screen.contains("\u{1B}[38;2;"), "256-colour cells: \(screen.prefix(300))")
    }
}
