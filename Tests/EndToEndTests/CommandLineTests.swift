import Explorer
import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

@Suite("Command line")
struct CommandLineTests {
    @Test("--help describes usage, keys and exit codes; --version prints the version")
    func helpAndVersion() throws {
        let help = try ProgramRun.sidewalk(["--help"])
        #expect(help.status == 0)
        #expect(
            help.standardOutput.contains("USAGE:") && help.standardOutput.contains("KEYS:") && help.standardOutput.contains("EXIT STATUS:"))
        let version = try ProgramRun.sidewalk(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("sidewalk "))
    }

    /// The version is the newest release CHANGELOG.md names (Keep a Changelog: "## [0.2.0] -
    /// 2026-12-07"), and a build that `swift build` made says it records no commit.
    @Test("--version is CHANGELOG's newest release, and a development build says so")
    func versionMatchesChangelog() throws {
        let root = BuiltProducts.packageRoot(from: #filePath)
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = try #require(
            changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }?
                .dropFirst(4).prefix { $0 != "]" })
        let version = try ProgramRun.sidewalk(["--version"])
        #expect(version.standardOutput == "sidewalk \(newest) (development build, no commit recorded)\n")
    }

    @Test("README's usage block is the USAGE section --help makes from the command tables")
    func readmeUsageMatchesHelp() throws {
        let readme = try String(contentsOf: BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(
            readme.components(separatedBy: "## Using it").dropFirst().first?.components(separatedBy: "```").dropFirst().first)
        let help = try ProgramRun.sidewalk(["--help"]).standardOutput
        let usage = try #require(help.components(separatedBy: "USAGE:\n").dropFirst().first?.components(separatedBy: "\n\n").first)
        let readmeLines = block.split(separator: "\n").map(String.init)
        let helpLines = usage.split(separator: "\n").map { String($0.dropFirst(2)) }
        #expect(readmeLines == helpLines)
        #expect(helpLines.contains { $0.hasPrefix("sidewalk bench data") }, "bench data was missing from --help")
    }

    @Test(
        "every option of every command's --help is documented in README.md or docs/",
        arguments: [[], ["open"], ["snapshot"], ["info"], ["import"], ["bench"], ["terminal"], ["test"]])
    func optionsDocumented(command: [String]) throws {
        let root = BuiltProducts.packageRoot(from: #filePath)
        var documents = [try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)]
        for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        where name.hasSuffix(".md") {
            documents.append(try String(contentsOf: root.appendingPathComponent("docs/\(name)"), encoding: .utf8))
        }
        let help = try ProgramRun.sidewalk(command + ["--help"])
        #expect(help.status == 0)
        let table = try #require(
            help.standardOutput.components(separatedBy: "OPTIONS:\n").dropFirst().first?.components(separatedBy: "\n\n").first)
        let options = table.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }
            return line.dropFirst(2).split(separator: " ").first.map(String.init)
        }
        #expect(options.count >= (command.isEmpty ? 20 : command == ["info"] ? 0 : command == ["terminal"] ? 1 : 3), "\(options)")
        for option in options { #expect(documents.contains { $0.contains(option) }, "\(option) of sidewalk \(command) is in no document") }
    }

    @Test("after -- every argument is an operand, and -h after -- is not help")
    func doubleDash() throws {
        let run = try ProgramRun.sidewalk(["info", "--", "-h"])
        #expect(run.status == 1)
        #expect(run.errorLines.first?.contains("-h") == true)
    }

    @Test(
        "bad command lines get one line and status 2",
        arguments: [
            ["--bogus"], ["--heading"], ["--pitch", "abc"], ["--zoom", "9"], ["--cache-mb", "8"], ["a.jpg", "b.jpg"]
        ])
    func usageErrors(arguments: [String]) throws {
        let run = try ProgramRun.sidewalk(arguments)
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1)
        #expect(run.errorLines.first?.hasPrefix("sidewalk: ") == true)
        #expect(run.standardOutput.isEmpty)
    }

    @Test(
        "numbers have one form everywhere, and each mistake is named",
        arguments: [
            (["--heading", "0x10"], "sidewalk: --heading needs a decimal number, not '0x10'"),
            (["--heading", "inf"], "sidewalk: --heading needs a decimal number, not 'inf'"),
            (["--fps", "1.5"], "sidewalk: --fps needs a whole number, not '1.5'"),
            (["--at", "91,0"], "sidewalk: --at 91,0: latitude 91 is out of range (-90 to 90 degrees)"),
            (["--at", "0,181"], "sidewalk: --at 0,181: longitude 181 is out of range (-180 to 180 degrees)"),
            (["--at", "north,0"], "sidewalk: --at north,0: the latitude 'north' is not a decimal number"),
            ([""], "sidewalk: the IMAGE or DATASET path is empty"),
            (["snapshot", "", "--output", "x.png"], "sidewalk: the IMAGE or DATASET path is empty"),
            (["snapshot", "--output", ""], "sidewalk: --output needs a value, not an empty one")
        ])
    func numberForms(arguments: [String], message: String) throws {
        let run = try ProgramRun.sidewalk(arguments)
        #expect(run.status == 2)
        #expect(run.errorLines == [Substring(message)])
    }

    @Test("invisible characters in an id are shown in the error, not echoed invisibly")
    func invisibleCharacters() throws {
        let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path
        let run = try ProgramRun.sidewalk([demo, "--pano", "main\u{200B}-3\u{FEFF}", "--headless", "--keys", "q"])
        #expect(run.status == 1)
        #expect(run.errorLines == ["sidewalk: \(demo): no panorama with id 'main<U+200B>-3<U+FEFF>'"])
    }

    @Test("a missing file gets one line naming it and status 1")
    func missingFile() throws {
        let run = try ProgramRun.sidewalk(["/nonexistent/pano.jpg"])
        #expect(run.status == 1)
        #expect(run.errorLines == ["sidewalk: /nonexistent/pano.jpg: no such file"])
    }

    @Test("a file that is not a panorama gets one line saying why and status 1")
    func notAPanorama() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let square = directory.appendingPathComponent("square.png").path
        try PNGEncoder.write(RGBImage(width: 30, height: 30), to: square)
        let text = directory.appendingPathComponent("notes.jpg").path
        try Data("just text".utf8).write(to: URL(fileURLWithPath: text))
        // A file name carrying an escape sequence must reach the terminal sanitised.
        let hostile = directory.appendingPathComponent("evil\u{1B}]0;pwned\u{07}.jpg").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: hostile))

        let squareRun = try ProgramRun.sidewalk([square])
        #expect(squareRun.status == 1)
        #expect(squareRun.errorLines == ["sidewalk: \(square): not a 360×180 equirectangular panorama (30×30 is not 2:1)"])
        let textRun = try ProgramRun.sidewalk([text])
        #expect(textRun.status == 1)
        #expect(textRun.errorLines == ["sidewalk: \(text): not a JPEG or PNG image"])
        let hostileRun = try ProgramRun.sidewalk([hostile])
        #expect(hostileRun.status == 1)
        #expect(hostileRun.errorLines.count == 1)
        #expect(!hostileRun.standardError.contains("\u{1B}") && !hostileRun.standardError.contains("\u{07}"))
    }

    @Test(
        "a config file that is not valid gets one line naming it and status 1",
        arguments: [
            "{not json", #"{"gestures": {"tilt": false}}"#, #"{"colour": "red"}"#, #"{"fps": 1000}"#,
            #"{"fps": true}"#, #"{"fps": 1.5}"#, #"{"mouse": 1}"#, #"{"gestures": {"zoom": 0}}"#, #"{"fps": 1e999}"#,
            #"{"mouse": true, "mouse": false}"#
        ])
    func badConfig(text: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-badconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sidewalk"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sidewalk/config.json")
        try Data(text.utf8).write(to: file)
        let run = try ProgramRun.sidewalk([], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1)
        #expect(run.errorLines.first?.hasPrefix("sidewalk: \(file.path): ") == true, "\(run.standardError)")
    }

    @Test("without a terminal the explorer refuses with one line and status 1")
    func notATerminal() throws {
        let run = try ProgramRun.sidewalk([])
        #expect(run.status == 1)
        #expect(run.errorLines == ["sidewalk: standard input is not a terminal; use `sidewalk snapshot` for output to a file or pipe"])
        #expect(run.standardOutput.isEmpty)
    }
}

/// The keys exist once, in `KeyBindings.help`: `--help`, the in-app help and the narrator show
/// that list, and the two documents that describe the keys in prose must name every key in it.
@Suite("One list of keys")
struct KeyListTests {
    /// The first cells of the keys table in a Markdown file (the table whose header is `| key |`).
    private static func keyCells(in file: String) throws -> String {
        let text = try String(contentsOf: BuiltProducts.packageRoot(from: #filePath).appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| key |") }) else { return "" }
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
        // "`w` / `s`" names two keys; a lone "`/`" is the key itself.
        return rows.map { $0.split(separator: "|").first.map(String.init) ?? "" }.joined(separator: " ")
            .replacingOccurrences(of: "` / `", with: "` `").replacingOccurrences(of: "`", with: "")
    }

    @Test("README and docs/keys.md name every key of the one list, and --help shows it", arguments: ["README.md", "docs/keys.md"])
    func documentsNameEveryKey(file: String) throws {
        let cells =
            " " + (try Self.keyCells(in: file)).replacingOccurrences(of: ",", with: " ") + " "
        let help = try ProgramRun.sidewalk(["--help"]).standardOutput
        for (keys, _) in KeyBindings.help {
            #expect(help.contains(keys), "--help lacks '\(keys)'")
            for key in keys.split(separator: " ") where key != "..." {
                #expect(cells.contains(" \(key) "), "\(file)'s keys table does not name '\(key)'")
            }
        }
    }
}
