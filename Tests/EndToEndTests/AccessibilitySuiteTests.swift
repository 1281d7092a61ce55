import Explorer
import ExplorerScripts
import Foundation
import TestSupport
import Testing

/// Sidewalk's own keyboard-accessibility suite, Tests/Accessibility, run as a user of the kit
/// runs theirs (`sidewalk test`), and held to covering every binding and command.
@Suite("Sidewalk's keyboard-accessibility suite")
struct AccessibilitySuiteTests {
    static let folder = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Tests/Accessibility")

    static func scripts() throws -> [ScriptLine] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }.flatMap { name in
            try KeyScript.parse(String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), form: .file)
        }
    }

    @Test(
        "every script passes under sidewalk test, headless and in a terminal; in the terminal with arrows in either form too",
        arguments: [[], ["--front", "terminal", "--cursor-keys", "normal"], ["--front", "terminal", "--cursor-keys", "application"]])
    func passes(options: [String]) throws {
        let run = try ProgramRun.sidewalk(["test", Self.folder.path] + options, timeLimit: 300)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix(" passed, 0 failed\n"))
    }

    @Test("the suite's own file plays every script at three sizes, and all pass")
    func suiteFile() throws {
        let run = try ProgramRun.sidewalk(["test", "--config", Self.folder.appendingPathComponent("suite.json").path], timeLimit: 300)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        for size in ["80x24", "100x30", "160x48"] { #expect(run.standardOutput.contains("walking.txt (headless, \(size), ")) }
    }

    @Test("every key binding in the help is pressed and every command typed somewhere in the suite")
    func coverage() throws {
        let lines = try Self.scripts()
        let pressed = Set(lines.compactMap { line -> String? in if case .key(let key) = line.step { key.tmuxName } else { nil } })
        let typed = Set(
            lines.compactMap { line -> String? in
                if case .command = line.step { String(line.text.dropFirst().prefix { $0 != " " }) } else { nil }
            })
        // The help's names for keys, as tmux names them; "1 ... 9" is covered by 1 and 2.
        let names = ["Shift-Tab": "BTab", "Ctrl-C": "C-c", "...": nil, "9": "2"] as [String: String?]
        for (keys, does) in KeyBindings.help {
            for name in keys.split(separator: " ").map(String.init) {
                guard let key = names[name, default: name] else { continue }
                #expect(pressed.contains(key), "'\(name)' (\(does)) is pressed in no script of Tests/Accessibility")
            }
        }
        for usage in TypedCommand.usage {
            let name = String(usage.dropFirst().prefix { $0 != " " })
            #expect(typed.contains(name), ":\(name) is typed in no script of Tests/Accessibility")
        }
    }
}
