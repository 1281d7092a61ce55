import Foundation
import TestSupport
import Testing

/// `sidewalk generate`: the manual page and the shells' completions hold every option `--help`
/// lists, as man(1), groff and bash read them.
@Suite("The manual page and completions")
struct ManualTests {
    static let commands = [
        "", "panoramax", "mapillary", "open", "tour", "snapshot", "info", "import", "tile", "bench", "terminal", "test", "render",
        "generate"
    ]

    /// Each command and the long options its `--help` lists: the names in the left column of its
    /// OPTIONS table (up to the blank line that ends it).
    static func optionsInHelp() throws -> [(String, [String])] {
        try commands.map { command in
            let run = try ProgramRun.sidewalk((command.isEmpty ? [] : [command]) + ["--help"])
            let table = (run.standardOutput.components(separatedBy: "\nOPTIONS:\n").dropFirst().first ?? "")
                .components(separatedBy: "\n\n")[0]
            let names = table.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { row in
                (row.dropFirst(2).components(separatedBy: "  ").first ?? "").split(whereSeparator: { $0 == " " || $0 == "," })
                    .filter { $0.hasPrefix("--") }.map(String.init)
            }
            return (command, names)
        }
    }

    @Test("every option of every command's --help is in the manual page, which groff reads without a warning")
    func manualHoldsEveryOption() throws {
        let folder = try RenderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = try ProgramRun.sidewalk(["generate", "man"], environment: ["SOURCE_DATE_EPOCH": "1796601600"])
        #expect(page.status == 0 && page.standardOutput.hasPrefix(#".TH SIDEWALK 1 "2026-12-07""#), "\(page.standardOutput.prefix(80))")
        let file = try RenderCommandTests.write(page.standardOutput, in: folder, as: "sidewalk.1")
        let warnings = try Subprocess.run(["groff", "-k", "-ww", "-man", "-Tutf8", "-z", file])
        #expect(warnings.status == 0 && warnings.standardError.isEmpty, "\(String(decoding: warnings.standardError, as: UTF8.self))")
        let shown = try Subprocess.run(["man", "-l", file], environment: ["MANPAGER": "cat", "MANWIDTH": "100", "PATH": "/usr/bin:/bin"])
        let text = String(decoding: shown.standardOutput, as: UTF8.self)
        for (command, options) in try Self.optionsInHelp() {
            #expect(options.contains("--help"), "\(command): \(options)")
            if !command.isEmpty { #expect(text.contains("sidewalk \(command)"), "\(command)") }
            for option in options { #expect(text.contains(option), "\(command) \(option) is not in the manual") }
        }
        for heading in ["KEYS", "EXIT STATUS", "ENVIRONMENT", "FILES"] { #expect(text.contains(heading)) }
    }

    @Test("bash completes subcommands, every command's options and the words an option takes; fish lists every option")
    func completions() throws {
        let folder = try RenderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bash = try RenderCommandTests.write(
            try ProgramRun.sidewalk(["generate", "bash"]).standardOutput, in: folder, as: "sidewalk.bash")
        let fish = try ProgramRun.sidewalk(["generate", "fish"]).standardOutput
        /// What bash offers for the words typed so far (the last one being completed).
        func offered(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let script =
                "source '\(bash)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _sidewalk; printf '%s\\n' \"${COMPREPLY[@]}\""
            let run = try Subprocess.run(["bash", "-c", script])
            return String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try offered(["sidewalk", "--sym"]) == ["--symbols"])
        #expect(try Set(offered(["sidewalk", "--color", ""])).isSuperset(of: ["truecolor", "256", "16", "none"]))
        #expect(try offered(["sidewalk", "rend"]) == ["render"])
        for (command, options) in try Self.optionsInHelp() {
            for option in options {
                let words = (command.isEmpty ? ["sidewalk"] : ["sidewalk", command]) + [option]
                #expect(try offered(words).contains(option), "bash: \(words)")
                #expect(
                    fish.contains(" -l \(option.dropFirst(2)) ") || fish.contains(" -l \(option.dropFirst(2))\n"),
                    "fish: \(command) \(option)")
            }
        }
    }
}
