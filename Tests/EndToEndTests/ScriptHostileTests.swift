import Foundation
import TestSupport
import Testing

/// What a test author's files can do to `sidewalk test` (issue 36, item 11): a pattern that makes
/// a backtracking matcher run for ever, a suite entry linked to a secret, a line that is not a
/// script line.
@Suite("sidewalk test against hostile suite files")
struct ScriptHostileTests {
    @Test("expect said /(\\w|\\s|.)*@@@/ fails at its deadline like any expectation, on both fronts, instead of hanging")
    func catastrophicPattern() throws {
        let folder = try ScriptSuiteTests.folder(["a.txt": "r\nexpect said /(\\w|\\s|.)*@@@/\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.sidewalk(["test", folder.path, "--front", "headless"], timeLimit: 60)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.contains("FAIL \(folder.path)/a.txt:2 (headless): expect said"), "\(run.standardOutput)")
        let headless = try ProgramRun.sidewalk(
            [
                BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path, "--headless", "--keys",
                "r; expect said /(\\w|\\s|.)*@@@/"
            ], timeLimit: 60)
        #expect(headless.status != 0 && headless.standardError.contains("expect said"), "\(headless.standardError)")
    }

    @Test("a script in a suite folder linked to a file outside it is refused, and none of that file is printed")
    func linkOutOfSuite() throws {
        let folder = try ScriptSuiteTests.folder(["a.txt": ScriptSuiteTests.passing])
        let outside = try ScriptSuiteTests.folder(["env": "API_KEY=s3cr3t-do-not-print-0123456789\n"])
        defer { for url in [folder, outside] { try? FileManager.default.removeItem(at: url) } }
        let link = folder.appendingPathComponent("b.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside.appendingPathComponent("env"))
        let run = try ProgramRun.sidewalk(["test", folder.path, "--front", "headless"])
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty, "nothing ran")
        #expect(
            run.errorLines.count == 1 && run.standardError.contains("\(link.path): leads outside the suite folder"), "\(run.standardError)")
        #expect(!run.standardError.contains("s3cr3t") && !run.standardOutput.contains("s3cr3t"))
    }

    @Test("a line that is not a script line is quoted as a short, sanitised excerpt")
    func shortExcerpt() throws {
        let line = "SECRET=\u{1B}]52:c:AAAA\u{07}verylongvaluethatmustnotbeprintedwhole"
        let folder = try ScriptSuiteTests.folder(["a.txt": line + "\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.sidewalk(["test", folder.path])
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1, "\(run.standardError)")
        #expect(!run.standardError.contains("mustnotbeprintedwhole"), "\(run.standardError)")
        #expect(!run.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "no control byte")
        #expect(run.standardError.contains("unknown key or command 'SECRET="), "\(run.standardError)")
    }

    @Test("goldens named outside the script's folder, through a linked folder or as a link are refused, nothing read or written there")
    func goldensStayInside() throws {
        let outside = try ScriptSuiteTests.folder(["secret-headless-100x30.golden": "s3cr3t-golden-do-not-print\n"])
        let folder = try ScriptSuiteTests.folder([
            "up.txt": "expect screen matches ../\(outside.lastPathComponent)/secret.golden\n",
            "linked-folder.txt": "expect screen matches out/secret.golden\n",
            "linked-file.txt": "expect screen matches mine.golden\n"
        ])
        defer { for url in [folder, outside] { try? FileManager.default.removeItem(at: url) } }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("out"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("mine-headless-100x30.golden"),
            withDestinationURL: outside.appendingPathComponent("secret-headless-100x30.golden"))
        let before = try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted()
        for update in [[], ["--update-goldens"]] {
            let run = try ProgramRun.sidewalk(["test", folder.path, "--front", "headless"] + update, timeLimit: 120)
            #expect(run.status == 1, "\(run.standardError)")
            for script in ["up", "linked-folder"] {
                #expect(run.standardOutput.contains("FAIL \(folder.path)/\(script).txt:1 (headless)"), "\(script): \(run.standardOutput)")
            }
            #expect(run.standardOutput.contains("leads outside the script's folder"), "\(run.standardOutput)")
            #expect(run.standardOutput.contains("is a symbolic link, not a regular file"), "\(run.standardOutput)")
            #expect(!run.standardOutput.contains("s3cr3t") && !run.standardError.contains("s3cr3t"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted() == before, "nothing written outside")
        // An absolute name is no script line at all.
        try Data("expect screen matches \(outside.path)/secret.golden\n".utf8).write(to: folder.appendingPathComponent("absolute.txt"))
        let absolute = try ProgramRun.sidewalk(["test", folder.appendingPathComponent("absolute.txt").path, "--front", "headless"])
        #expect(absolute.status == 2 && absolute.standardError.contains("FILE relative to the script"), "\(absolute.standardError)")
        #expect(
            try String(contentsOf: outside.appendingPathComponent("secret-headless-100x30.golden"), encoding: .utf8)
                == "s3cr3t-golden-do-not-print\n")
    }

    @Test("a suite file naming scripts outside its folder is refused, the path named and none of the file quoted")
    func suiteScriptsStayInside() throws {
        let outside = try ScriptSuiteTests.folder(["secret.txt": "s3cr3t-line-do-not-print\n"])
        let folder = try ScriptSuiteTests.folder(["a.txt": ScriptSuiteTests.passing])
        defer { for url in [folder, outside] { try? FileManager.default.removeItem(at: url) } }
        for entry in ["../\(outside.lastPathComponent)/secret.txt", outside.appendingPathComponent("secret.txt").path] {
            let config = folder.appendingPathComponent("suite.json")
            try Data(#"{"scripts": ["a.txt", "\#(entry)"]}"#.utf8).write(to: config)
            let run = try ProgramRun.sidewalk(["test", "--config", config.path])
            #expect(
                run.status == 1 && run.errorLines.count == 1 && run.standardError.contains("which leads outside the suite's folder"),
                "\(entry): \(run.standardError)")
            #expect(!run.standardError.contains("s3cr3t") && run.standardOutput.isEmpty)
        }
    }

    @Test("a pattern nested 50,000 deep is one line naming the limit, in a suite, --keys and a tour")
    func deepPattern() throws {
        let pattern = "/" + String(repeating: "(", count: 50_000) + "a" + String(repeating: ")", count: 50_000) + "/"
        let folder = try ScriptSuiteTests.folder(["a.txt": "expect said \(pattern)\n"])
        let passing = try ScriptSuiteTests.folder(["a.txt": ScriptSuiteTests.passing])
        defer { for url in [folder, passing] { try? FileManager.default.removeItem(at: url) } }
        let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path
        let runs = [
            try ProgramRun.sidewalk(["test", folder.path, "--front", "headless"], timeLimit: 60),
            try ProgramRun.sidewalk([demo, "--headless", "--keys", "r; expect said \(pattern)"], timeLimit: 60),
            try ProgramRun.sidewalk(["test", passing.path, "--grep", pattern], timeLimit: 60),
            try ProgramRun.sidewalk(["tour", folder.appendingPathComponent("a.txt").path, demo], timeLimit: 60)
        ]
        for run in runs {
            #expect(
                run.status == 2 && run.errorLines.count == 1 && run.standardError.contains("groups are nested more than 62 deep"),
                "\(run.status): \(run.standardError.prefix(300))")
        }
    }

    @Test("a script of two million keys on one line (12 MB) is refused in one line, within 100 MB; so is one step past a hundred thousand")
    func tooManyKeys() throws {
        let folder = try ScriptSuiteTests.folder([
            "a.txt": Array(repeating: "Right", count: 2_000_000).joined(separator: " ") + "\n",
            "b.txt": Array(repeating: "Right", count: 100_000).joined(separator: " ") + "\nexpect heading 0\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.sidewalk(
            ["test", folder.appendingPathComponent("a.txt").path, "--front", "headless"], measuringMemory: true, timeLimit: 60)
        #expect(
            run.status == 2
                && run.errorLines == [
                    "sidewalk: \(folder.path)/a.txt: line 1: a script holds at most 100000 steps (keys, commands and expectations)"
                ],
            "\(run.standardError.prefix(300))")
        #expect(run.peakResidentKilobytes < ProgramRun.memoryBound(kilobytes: 100_000), "\(run.peakResidentKilobytes) KB")
        let most = try ProgramRun.sidewalk(["test", folder.appendingPathComponent("b.txt").path, "--front", "headless"], timeLimit: 300)
        #expect(most.standardError.contains("a script holds at most"), "one more step, the expect, is one too many")
    }

    @Test("--trace into a link to a folder, or onto a file, is refused before the suite runs, in one line with its reason")
    func traceFolder() throws {
        let folder = try ScriptSuiteTests.folder(["a.txt": ScriptSuiteTests.passing, "file": "mine"])
        let elsewhere = try ScriptSuiteTests.folder([:])
        defer { for url in [folder, elsewhere] { try? FileManager.default.removeItem(at: url) } }
        let link = folder.appendingPathComponent("traces")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        for (trace, kind) in [(link.path, "a symbolic link"), (folder.appendingPathComponent("file").path, "a regular file")] {
            let run = try ProgramRun.sidewalk(["test", folder.appendingPathComponent("a.txt").path, "--front", "headless", "--trace", trace]
            )
            #expect(
                run.status == 1 && run.errorLines == ["sidewalk: \(trace): cannot write: it is \(kind); --trace writes only into a folder"]
                    && run.standardOutput.isEmpty, "\(run.standardError)")
        }
        let missing = folder.appendingPathComponent("no/such/traces").path
        let run = try ProgramRun.sidewalk(["test", folder.appendingPathComponent("a.txt").path, "--front", "headless", "--trace", missing])
        #expect(
            run.status == 1 && run.errorLines == ["sidewalk: \(missing): cannot write: No such file or directory"], "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }
}
