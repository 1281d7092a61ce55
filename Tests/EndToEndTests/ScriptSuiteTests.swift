import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `sidewalk test`: scripts with expectations as a suite, with reports CI servers read.
@Suite("sidewalk test")
struct ScriptSuiteTests {
    static let passing = """
        # The start, a turn, a walk, and an error that is expected.
        expect panorama main-3; expect said /Main Street 16/
        Right; expect heading 105
        w; expect heading 90
        :goto nowhere; expect error /nowhere/
        """
    static let failing = "Right\nexpect heading 100\n"
    static let erring = ":goto nowhere\nRight\n"

    static func folder(_ scripts: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in scripts { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test("a folder of scripts: a line each, the failing line named with what was there, a summary, status 1")
    func suite() throws {
        let folder = try Self.folder([
            "a-pass.txt": Self.passing, "b-fail.txt": Self.failing, "c-error.txt": Self.erring, "notes.md": "not a script"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.sidewalk(["test", folder.path, "--front", "headless"])
        #expect(run.status == 1, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "ok   \(folder.path)/a-pass.txt (headless, 5 expectations)")
        #expect(lines.contains("FAIL \(folder.path)/b-fail.txt:2 (headless): expect heading 100: heading is 105° (waited 2 s)"))
        #expect(
            lines.contains(
                "FAIL \(folder.path)/c-error.txt:1 (headless): :goto nowhere: the explorer reported an error: nowhere: no such panorama"))
        #expect(lines.last == "1 passed, 2 failed")
        let alone = try ProgramRun.sidewalk(["test", folder.appendingPathComponent("a-pass.txt").path, "--front", "headless"])
        #expect(alone.status == 0 && alone.standardOutput.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test("a script that cannot be understood stops the suite before any runs, naming its line; status 2")
    func scriptError() throws {
        let folder = try Self.folder(["a.txt": Self.passing, "b.txt": "Right\nexpect colour red\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.sidewalk(["test", folder.path])
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty, "nothing ran")
        #expect(
            run.errorLines == [
                "sidewalk: \(folder.path)/b.txt: line 2: cannot expect 'colour'; expect heading, pitch, zoom, panorama, near, focus, said, "
                    + "ways, event, note, error, screen, visible focus or contrast"
            ])
        let missing = try ProgramRun.sidewalk(["test", folder.path, folder.appendingPathComponent("gone.txt").path])
        #expect(missing.status == 2 && missing.errorLines == ["sidewalk: \(folder.path)/gone.txt: no such file"])
    }

    @Test(
        "a report that would replace a symbolic link is refused before any script runs, with one line", arguments: ["--tap", "--junit"])
    func reportRefusedFirst(option: String) throws {
        let folder = try Self.folder(["a-pass.txt": Self.passing])
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("secret").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data("mine".utf8)))
        let report = folder.appendingPathComponent("results").path
        #expect(symlink(target, report) == 0)
        let run = try ProgramRun.sidewalk(["test", folder.appendingPathComponent("a-pass.txt").path, "--front", "headless", option, report])
        #expect(run.status == 1)
        #expect(
            run.errorLines == [
                "sidewalk: \(report): is a symbolic link; refusing to replace it with a file (name a regular file or a new path)"
            ])
        #expect(!run.standardOutput.contains("passed"), "no script ran: \(run.standardOutput)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine")
    }

    @Test("TAP 13 that prove reads, and JUnit XML valid against Ant's schema, each failure with its line and what was said")
    func reports() throws {
        let folder = try Self.folder(["a-pass.txt": Self.passing, "b-fail.txt": Self.failing, "c-error.txt": Self.erring])
        defer { try? FileManager.default.removeItem(at: folder) }
        let tap = folder.appendingPathComponent("results.tap").path
        let junit = folder.appendingPathComponent("results.xml").path
        _ = try ProgramRun.sidewalk(["test", folder.path, "--front", "headless", "--tap", tap, "--junit", junit])
        let prove = try Subprocess.run(["prove", "--verbose", "--exec", "cat", tap])
        let proved = String(decoding: prove.standardOutput, as: UTF8.self)
        #expect(prove.status != 0, "prove fails a run with failures")
        #expect(proved.contains("Failed 2/7 subtests"), "\(proved)")
        #expect(proved.contains("not ok 6 - \(folder.path)/b-fail.txt (headless) line 2: expect heading 100"))
        // prove echoes the TAP as Latin-1, so the checks stop short of the degree signs.
        #expect(proved.contains("message: 'expect heading 100: heading is 105"))
        #expect(proved.contains("    Facing east, 105"), "the transcript before the failure")
        let schema = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Tests/EndToEndTests/Support/junit-ant.xsd").path
        let lint = try Subprocess.run(["xmllint", "--noout", "--schema", schema, junit])
        #expect(lint.status == 0, "\(String(decoding: lint.standardError, as: UTF8.self))")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"\(folder.path)/b-fail.txt (headless)\" package=\"sidewalk\" id=\"1\""))
        #expect(xml.contains("<failure message=\"expect heading 100: heading is 105° (waited 2 s)\" type=\"expectation\">"))
        let passing = try ProgramRun.sidewalk([
            "test", folder.appendingPathComponent("a-pass.txt").path, "--front", "headless", "--tap", tap
        ])
        let proveAgain = try Subprocess.run(["prove", "--exec", "cat", tap])
        #expect(passing.status == 0 && proveAgain.status == 0)
    }

    @Test(
        "--trace keeps a failing terminal run as an asciicast whose last marker is the failing line, named in JUnit and TAP; a pass leaves none"
    )
    func traces() throws {
        let root = BuiltProducts.packageRoot(from: #filePath)
        let failing = root.appendingPathComponent("Tests/EndToEndTests/Support/reports/failing.txt").path
        let folder = try Self.folder(["pass.txt": "Right\nexpect heading 105\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let traces = folder.appendingPathComponent("traces")
        let junit = folder.appendingPathComponent("report.xml").path
        let run = try ProgramRun.sidewalk([
            "test", failing, folder.appendingPathComponent("pass.txt").path, "--front", "terminal", "--trace", traces.path, "--junit", junit
        ])
        #expect(run.status == 1)
        let casts = try FileManager.default.contentsOfDirectory(atPath: traces.path)
        #expect(casts.count == 1 && casts[0].hasPrefix("failing-terminal-100x30-") && casts[0].hasSuffix(".cast"), "\(casts)")
        let path = traces.appendingPathComponent(casts[0]).path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 100 && header["height"] as? Int == 30)
        let events = try lines.dropFirst().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any]) }
        #expect(events.allSatisfy { $0.count == 3 && $0[0] is Double && ["o", "m"].contains($0[1] as? String) && $0[2] is String })
        let markers = events.filter { $0[1] as? String == "m" }.compactMap { $0[2] as? String }
        #expect(markers.contains("line 5: Right"), "\(markers)")
        #expect(markers.last?.hasPrefix("FAIL line 6: expect event didMoveCamera") == true, "\(markers)")
        #expect(events.contains { $0[1] as? String == "o" && ($0[2] as? String)?.contains("Main Street 16") == true }, "what was drawn")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("[[ATTACHMENT|\(path)]]"))
    }

    @Test("a failing script's TAP and JUnit show the screen, the events with their fields, the skipped and the times (checked-in reports)")
    func failingReports() throws {
        let root = BuiltProducts.packageRoot(from: #filePath)
        let reports = root.appendingPathComponent("Tests/EndToEndTests/Support/reports")
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (tap, junit) = (folder.appendingPathComponent("failing.tap").path, folder.appendingPathComponent("failing.xml").path)
        let run = try ProgramRun.sidewalk([
            "test", reports.appendingPathComponent("failing.txt").path, "--front", "headless", "--size", "60x20", "--tap", tap, "--junit",
            junit
        ])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("       2 expectations after it not reached (skipped)"), "\(run.standardOutput)")
        // Times, the date, the host and the checkout's place vary; the rest is the report.
        func neutral(_ text: String) -> String {
            var lines = text.replacingOccurrences(of: root.path + "/", with: "").components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                var line = line
                for (pattern, with) in [
                    (#"duration_ms: [0-9]+"#, "duration_ms: T"), (#" time="[0-9.]+""#, #" time="T""#),
                    (#"timestamp="[^"]+""#, #"timestamp="T""#), (#"hostname="[^"]+""#, #"hostname="H""#)
                ] {
                    line = line.replacingOccurrences(of: pattern, with: with, options: .regularExpression)
                }
                lines[index] = line
            }
            return lines.joined(separator: "\n")
        }
        for (made, kept) in [(tap, "failing.tap"), (junit, "failing.xml")] {
            let report = neutral(try String(contentsOfFile: made, encoding: .utf8))
            let expected = try String(contentsOf: reports.appendingPathComponent(kept), encoding: .utf8)
            #expect(report == expected, "\(kept) differs; this run's, made neutral:\n\(report)")
        }
        let schema = root.appendingPathComponent("Tests/EndToEndTests/Support/junit-ant.xsd").path
        #expect(try Subprocess.run(["xmllint", "--noout", "--schema", schema, junit]).status == 0)
        let prove = String(decoding: try Subprocess.run(["prove", "--verbose", "--exec", "cat", tap]).standardOutput, as: UTF8.self)
        #expect(prove.contains("Failed 2/4 subtests") && prove.contains("(less 2 skipped subtests: 0 okay)"), "\(prove)")
    }

    @Test(
        "--grep selects, --size plays each at several sizes, --workers bounds, --retries plays a failure again; a suite file says the same")
    func matrix() throws {
        let folder = try Self.folder(["a-pass.txt": Self.passing, "b-fail.txt": Self.failing, "c-error.txt": Self.erring])
        defer { try? FileManager.default.removeItem(at: folder) }
        let sized = try ProgramRun.sidewalk([
            "test", folder.path, "--front", "headless", "--grep", "a-pass", "--size", "80x24,120x40", "--workers", "1"
        ])
        #expect(
            sized.status == 0
                && sized.standardOutput
                    == "ok   \(folder.path)/a-pass.txt (headless, 80x24, 5 expectations)\n"
                    + "ok   \(folder.path)/a-pass.txt (headless, 120x40, 5 expectations)\n2 passed, 0 failed\n",
            "\(sized.standardOutput)")
        // An expect line matches too: "heading 100" is only in b-fail.txt.
        let byLine = try ProgramRun.sidewalk(["test", folder.path, "--front", "headless", "--grep", "heading 10{2}"])
        #expect(byLine.standardOutput.hasSuffix("0 passed, 1 failed\n") && byLine.standardOutput.contains("b-fail.txt:2"))
        let tap = folder.appendingPathComponent("retried.tap").path
        let retried = try ProgramRun.sidewalk([
            "test", folder.appendingPathComponent("b-fail.txt").path, "--front", "headless", "--retries", "2", "--tap", tap
        ])
        let retriedTAP = try String(contentsOfFile: tap, encoding: .utf8)
        #expect(retried.status == 1 && retriedTAP.contains("# played 3 times\n"), "\(retriedTAP)")
        let suite = folder.appendingPathComponent("suite.json")
        try Data(#"{"scripts": ["a-pass.txt"], "fronts": ["headless"], "sizes": ["90x25"], "retries": 1, "workers": 2}"#.utf8).write(
            to: suite)
        let configured = try ProgramRun.sidewalk(["test", "--config", suite.path])
        #expect(
            configured.status == 0 && configured.standardOutput.hasPrefix("ok   \(folder.path)/a-pass.txt (headless, 5 expectations)"),
            "\(configured.standardOutput) \(configured.standardError)")
        try Data(#"{"scripts": ["a-pass.txt"], "projects": []}"#.utf8).write(to: suite)
        let unknown = try ProgramRun.sidewalk(["test", "--config", suite.path])
        #expect(
            unknown.status != 0 && unknown.errorLines.count == 1 && unknown.standardError.contains("unknown setting 'projects'"),
            "\(unknown.standardError)")
        let none = try ProgramRun.sidewalk(["test", folder.path, "--grep", "nothing-like-it"])
        #expect(none.status == 2 && none.errorLines == ["sidewalk: --grep nothing-like-it: matches no script nor expect line"])
    }

    @Test(
        "golden screens: none yet fails and writes the screen; --update-goldens records (and fails); then it passes; a change writes a diff"
    )
    func goldens() throws {
        let folder = try Self.folder(["top.txt": "expect screen matches top.golden region 1,1,1,60\nRight\nexpect heading 105\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("top.txt").path
        let golden = folder.appendingPathComponent("top-headless-100x30.golden").path
        func run(_ more: [String] = []) throws -> (status: Int32, output: String) {
            let run = try ProgramRun.sidewalk(["test", script, "--front", "headless"] + more)
            return (run.status, run.standardOutput)
        }
        let none = try run()
        #expect(none.status == 1 && none.output.contains("no golden \(golden) yet; --update-goldens records it"), "\(none.output)")
        #expect(FileManager.default.fileExists(atPath: golden + ".actual") && !FileManager.default.fileExists(atPath: golden))
        let recording = try run(["--update-goldens"])
        #expect(recording.status == 1 && recording.output.contains("recorded \(golden) (a recording run fails"), "\(recording.output)")
        let recorded = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(recorded.hasPrefix("sidewalk golden screen: 1 rows × 60 columns from row 1, column 1\n| Main Street 16, Lindenfeld"))
        #expect(try run().status == 0)
        try Data(recorded.replacingOccurrences(of: "Main Street 16", with: "Main Street 61").utf8).write(to: URL(fileURLWithPath: golden))
        let changed = try run()
        #expect(changed.status == 1 && changed.output.contains("the screen differs from \(golden) in 1 line (first: row 1)"))
        #expect(changed.output.contains("written to \(golden).actual; the diff in \(golden).diff"))
        #expect(try String(contentsOfFile: golden + ".diff", encoding: .utf8).hasPrefix("@@ line 2\n- | Main Street 61"))
        // Put right, it passes, and what the failure left beside it is gone.
        try Data(recorded.utf8).write(to: URL(fileURLWithPath: golden))
        #expect(try run().status == 0)
        #expect(!FileManager.default.fileExists(atPath: golden + ".actual") && !FileManager.default.fileExists(atPath: golden + ".diff"))
    }

    @Test("a golden that cannot be compared (none yet, a region outside the screen) fails at once, on both fronts, without waiting")
    func goldenFailsAtOnce() throws {
        let folder = try Self.folder([
            "outside.txt":
                "expect soft screen matches big.golden region 1,1,100,200\nexpect soft screen matches none.golden\nexpect heading 90\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.sidewalk(["test", folder.appendingPathComponent("outside.txt").path, "--front", "both"], timeLimit: 120)
        let failures = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failures.count == 4, "\(run.standardOutput)")
        #expect(failures.allSatisfy { !$0.contains("(waited") }, "\(failures)")
        #expect(failures.contains { $0.contains("the region lies outside the 100×30 screen") })
    }

    @Test("a golden in a folder not made yet: --update-goldens makes it and records, and claims no write that did not happen")
    func goldensFolder() throws {
        let folder = try Self.folder(["top.txt": "expect screen matches goldens/top.golden region 1,1,1,60\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("top.txt").path
        let golden = folder.appendingPathComponent("goldens/top-headless-100x30.golden").path
        let recording = try ProgramRun.sidewalk(["test", script, "--front", "headless", "--update-goldens"])
        #expect(recording.status == 1 && !recording.standardOutput.contains("not written"), "\(recording.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: golden))
        #expect(try ProgramRun.sidewalk(["test", script, "--front", "headless"]).status == 0)
        // A golden whose folder cannot be made (a file stands in its way): said, and not claimed.
        let blocked = try Self.folder(["top.txt": "expect screen matches blocked/top.golden region 1,1,1,60\n", "blocked": "a file\n"])
        defer { try? FileManager.default.removeItem(at: blocked) }
        let failing = try ProgramRun.sidewalk(["test", blocked.appendingPathComponent("top.txt").path, "--front", "headless"])
        #expect(failing.status == 1 && failing.standardOutput.contains("not written: "), "\(failing.standardOutput)")
        #expect(!failing.standardOutput.contains("written to "), "\(failing.standardOutput)")
        let unrecorded = try ProgramRun.sidewalk(
            ["test", blocked.appendingPathComponent("top.txt").path, "--front", "headless", "--update-goldens"])
        #expect(
            unrecorded.standardOutput.contains("could not record ") && !unrecorded.standardOutput.contains(": recorded "),
            "\(unrecorded.standardOutput)")
    }

    @Test("--record-script writes a walk with a marker visit as a script, and it replays green on both fronts")
    func recordedScript() throws {
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("walk.txt").path
        let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(demo)' --geocoder off --record-script '\(script)'", columns: 100, rows: 30,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 16") })
        // Each step waits for its line: the recorder writes one each time the view settles.
        let steps: [([[String]], String)] = [
            ([["Right"]], "Right"), ([["w"]], "w"), ([["Tab"]], "Tab"), ([["/"], ["-l", "bakery"], ["Enter"]], ":find bakery"),
            ([[":"], ["-l", "goto nowhere"], ["Enter"]], ":goto nowhere")
        ]
        for (keys, written) in steps {
            for key in keys { try session.send(contentsOf: key) }
            #expect(
                session.waitUntil(timeout: 10) {
                    ((try? String(contentsOfFile: script, encoding: .utf8)) ?? "").contains("\n\(written)\n")
                },
                "\(written)")
        }
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
        let recorded = try String(contentsOfFile: script, encoding: .utf8)
        #expect(recorded.contains("w\nexpect panorama main-4\nexpect heading 90\n"), "\(recorded)")
        #expect(recorded.contains(":find bakery\nexpect panorama station-3\n"), "\(recorded)")
        // An error the explorer reports is expected first: a replay stops at any other line.
        #expect(recorded.contains(":goto nowhere\nexpect error \"nowhere: no such panorama\"\n"), "\(recorded)")
        let replay = try ProgramRun.sidewalk(["test", script], timeLimit: 120)
        #expect(replay.status == 0 && replay.standardOutput.hasSuffix("2 passed, 0 failed\n"), "\(replay.standardOutput)")
    }

    @Test("--keys takes the same steps as a script: ; between them, expect among them; a failed expectation is status 1")
    func keysGrammar() throws {
        let pass = try ProgramRun.sidewalk(["--headless", "--keys", ":goto main-4; expect panorama main-4; expect said \"Main Street 18\""])
        #expect(pass.status == 0, "\(pass.standardError)")
        let fail = try ProgramRun.sidewalk(["--headless", "--keys", "Right; expect heading 90"])
        #expect(fail.status == 1)
        #expect(fail.errorLines == ["sidewalk: --keys step 2: expect heading 90: heading is 105° (waited 2 s)"])
    }

    @Test(
        "the same scripts in the full-screen explorer on a pseudo-terminal and headless give the same results, expectation by expectation")
    func sameOnBothFronts() throws {
        let folder = try Self.folder([
            "a-pass.txt": Self.passing,
            "b-fail.txt": Self.failing,
            "c-error.txt": Self.erring,
            "d-screen.txt":
                "expect screen /Main Street 16/\nTab; expect visible focus; expect screen /» ▲1/\nexpect screen /Nowhere Lane/ within 0.5\n",
            "e-keys.txt":
                "Right &\nRight\nexpect heading 120\nM-n; expect heading 0; expect focus none\nEscape; BTab; expect focus /Harbour Books/\n",
            "f-unfocused.txt": "expect visible focus within 0.3\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let tap = folder.appendingPathComponent("results.tap").path
        let run = try ProgramRun.sidewalk(["test", folder.path, "--tap", tap], timeLimit: 120)
        #expect(run.status == 1)
        #expect(run.standardOutput.hasSuffix("4 passed, 8 failed\n"), "\(run.standardOutput)")
        // Each front's test points, with the front's name taken out, are the same list.
        let points = try String(contentsOfFile: tap, encoding: .utf8).split(separator: "\n").filter {
            $0.hasPrefix("ok") || $0.hasPrefix("not ok")
        }
        func results(_ front: String) -> [String] {
            points.filter { $0.contains("(\(front))") }.map {
                $0.replacingOccurrences(of: " (\(front))", with: "").replacingOccurrences(
                    of: #"^(not ok|ok) \d+"#, with: "$1", options: .regularExpression)
            }
        }
        #expect(results("headless").count == 16)
        #expect(results("headless") == results("terminal"))
        #expect(
            run.standardOutput.contains(
                "FAIL \(folder.path)/d-screen.txt:3 (terminal): expect screen /Nowhere Lane/ within 0.5: the screen does not show it (waited 0.5 s)"
            ))
        #expect(
            run.standardOutput.contains(
                "FAIL \(folder.path)/f-unfocused.txt:1 (terminal): expect visible focus within 0.3: nothing is focused (waited 0.3 s)"))
    }
}
