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
}
