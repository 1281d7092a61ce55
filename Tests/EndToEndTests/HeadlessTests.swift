import Foundation
import TestSupport
import Testing

/// The explorer with no terminal: scripts, transcripts, events, URLs.
@Suite("Headless and scripted explorer")
struct HeadlessTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    @Test("docs/ssh-demo.md's example arguments after -- are ones sidewalk takes (it once gave --place, which is not)")
    func sshDemoExample() throws {
        let doc = try String(
            contentsOf: BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("docs/ssh-demo.md"), encoding: .utf8)
        let examples = doc.split(separator: "\n").filter { $0.contains("scripts/ssh-demo install") && $0.contains(" -- ") }
        #expect(!examples.isEmpty)
        for example in examples {
            let after = example.components(separatedBy: " -- ")[1].components(separatedBy: "#")[0]
            let arguments = after.split(separator: " ").map { String($0).replacingOccurrences(of: "\"", with: "") }
            if arguments.contains("--follow") {
                // The full view only (a follower waits for its presenter): the arguments are parsed,
                // and the run stops only at the missing terminal.
                let run = try ProgramRun.sidewalk(["--demo"] + arguments)
                #expect(
                    run.status == 1 && run.standardError.contains("standard input is not a terminal"), "\(arguments): \(run.standardError)")
                continue
            }
            let run = try ProgramRun.sidewalk(["--demo"] + arguments + ["--headless", "--keys", ""])
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
        }
    }

    @Test("--high-contrast keeps every HUD label and the focus at 7:1 (WCAG's enhanced level) in truecolor, 256 and 16 colours")
    func highContrast() throws {
        for modes in ["", "c; ", "c; c; "] {
            let run = try ProgramRun.sidewalk(
                [Self.demo, "--high-contrast", "--headless", "--keys", modes + "expect contrast hud >= 7; Tab; expect contrast focus >= 7"])
            #expect(run.status == 0, "\(modes): \(run.standardError)")
        }
    }

    @Test("--keys prints what a screen reader would say: the start, then one line per change")
    func transcript() throws {
        let run = try ProgramRun.sidewalk([Self.demo, "--headless", "--keys", "Right 1 9 q Left"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[0] == "Main Street 16, Lindenfeld, 21 June 2024; facing east; ways east and west.")
        #expect(lines[1] == "Facing east, 105 degrees.")
        #expect(lines[2] == "Main Street 18.", "way 1 walks east, along the same street in the same town on the same day")
        #expect(lines[3] == "no way 9 here")
    }

    @Test("--script runs keys, :commands and waits; --events records the moves on the simulated clock")
    func scriptAndEvents() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("walk.txt")
        try Data("# to the museum\n:goto museum-hall\n]\nwait 1\n:animate 180 0 1 2\n".utf8).write(to: script)
        let events = directory.appendingPathComponent("events.jsonl")
        let run = try ProgramRun.sidewalk([Self.demo, "--script", script.path, "--events", events.path])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("Town Museum, ground floor, hall") && lines[1].contains("; floor 0 of 0 and 1"))
        #expect(lines[2].hasPrefix("Town Museum, upper floor;") && lines[2].contains("; floor 1 of 0 and 1."))
        #expect(lines[3] == "Facing south, 180 degrees.")
        let records = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let names = records.compactMap { $0["event"] as? String }
        #expect(names.prefix(2) == ["didMoveToPanorama", "didMoveCamera"])
        #expect(names.filter { $0 == "willMoveToPanorama" }.count == 2)
        let last = try #require(records.last)
        #expect(last["event"] as? String == "didMoveCamera" && last["heading"] as? Double == 180)
        let time = try #require(last["time"] as? Double)
        #expect(time >= 3.4 && time < 3.5, "simulated: 0.4 s blend + 1 s wait + 2 s animation, not wall time: \(time)")
    }

    /// GMSPanoramaViewDelegate's reference: didMoveToPanorama "is invoked every time the
    /// view.panorama property changes"; the nearCoordinate one is called as well when the change
    /// came from a move near a coordinate. A start chosen by --at is such a change.
    @Test("--at and :near: didMoveToPanorama, then didMoveToPanoramaNearCoordinate, at start and after the move")
    func arrivalEventsNearACoordinate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-near-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("events.jsonl")
        let run = try ProgramRun.sidewalk([
            Self.demo, "--at", "46.9412,7.4445", "--headless", "--keys", ":near 46.9412,7.4453",
            "--events", events.path
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let records = try String(contentsOf: events, encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let moves = records.filter { ($0["event"] as? String)?.contains("Panorama") == true }
            .map { "\($0["event"] as? String ?? "") \($0["panorama"] as? String ?? "")" }
        #expect(
            moves == [
                "didMoveToPanorama main-0", "didMoveToPanoramaNearCoordinate main-0",
                "willMoveToPanorama main-5", "didMoveToPanorama main-5", "didMoveToPanoramaNearCoordinate main-5"
            ], "\(moves)")
    }

    @Test("docs/accessibility.md shows what the demo walk's script really prints")
    func documentedTranscript() throws {
        let root = BuiltProducts.packageRoot(from: #filePath)
        let run = try ProgramRun.sidewalk(["--script", root.appendingPathComponent("docs/examples/demo-walk.txt").path])
        #expect(run.status == 0, "\(run.standardError)")
        let page = try String(contentsOf: root.appendingPathComponent("docs/accessibility.md"), encoding: .utf8)
        let begin = try #require(page.range(of: "<!-- transcript: begin -->\n```\n"))
        let end = try #require(page.range(of: "```\n<!-- transcript: end -->"))
        #expect(String(page[begin.upperBound..<end.lowerBound]) == run.standardOutput)
    }

    @Test("a headless random walk of 20,000 steps through the demo town: it ends, exits 0, and memory stays bounded")
    func soak() throws {
        var random = SeededGenerator(seed: 20_261_130)
        let keys = [
            "Left", "Right", "Up", "Down", "+", "-", "n", "w", "s", "Tab", "BTab", "Enter", "1", "2", "3", "9", "[", "]", "t", "g",
            "r", "u", "?", "Escape"
        ]
        let commands = [
            ":heading 270", ":animate 180 10 2 1", ":goto museum-hall", ":goto nowhere\nexpect error", ":near 0,0\nexpect error /0,0/",
            "wait 5"
        ]
        let steps = (0..<20_000).map { _ in
            Int.random(in: 0..<100, using: &random) < 3 ? commands.randomElement(using: &random)! : keys.randomElement(using: &random)!
        }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-soak-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data(steps.joined(separator: "\n").utf8).write(to: script)
        let run = try ProgramRun.sidewalk([Self.demo, "--script", script.path], measuringMemory: true)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").count > 10_000, "most steps change something")
        #expect(
            run.peakResidentKilobytes > 0 && run.peakResidentKilobytes < ProgramRun.memoryBound(kilobytes: 128 << 10),
            "peak \(run.peakResidentKilobytes) KB")
    }

    @Test(
        "an unknown key or command is one line naming where it is, status 2",
        arguments: [
            (
                ["--keys", "Left Jump"],
                "sidewalk: --keys: step 1: unknown key or command 'Jump' (keys as tmux names them, commands after ':', or wait, expect)"
            ),
            (["--headless", "--keys", "q", "--script", "x"], "sidewalk: --keys and --script cannot be used together"),
            (["--describe", "--keys", "q"], "sidewalk: --keys and --script run headless; --describe reads keys as you type them"),
            (["--script", "/nonexistent"], "sidewalk: /nonexistent: no such file"),
            (
                ["--headless", "--keys", "q", "--state-log", "/tmp/x"],
                "sidewalk: --state-log is written by the full view; --headless and --describe say what changes themselves"
            )
        ])
    func errors(arguments: [String], message: String) throws {
        let run = try ProgramRun.sidewalk([Self.demo] + arguments)
        #expect(run.status == 2)
        #expect(run.errorLines == [Substring(message)])
    }

    @Test("a script's bad line is named")
    func badLine() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-bad-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("Right\n\n:heading north\n".utf8).write(to: script)
        let run = try ProgramRun.sidewalk([Self.demo, "--script", script.path])
        #expect(run.status == 2)
        #expect(run.errorLines == ["sidewalk: \(script.path): line 3: :heading needs a heading in degrees"])
        #expect(run.standardOutput.isEmpty, "nothing runs before the whole script is read")
    }

    @Test("untrusted text in a dataset reaches the transcript sanitised")
    func sanitised() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        var panoramas = manifest["panoramas"] as! [[String: Any]]
        panoramas[1]["description"] = "Evil\u{1B}]0;owned\u{07} \u{1B}[2J\u{9B}31m\u{202E}street\r"
        manifest["panoramas"] = panoramas
        let folder = try fixture.write(manifest)
        let run = try ProgramRun.sidewalk([folder, "--headless", "--keys", "r"])
        #expect(run.status == 0, "\(run.standardError)")
        let bytes = Array(run.standardOutput.utf8)
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07) && !bytes.contains(0x0D))
        #expect(!run.standardOutput.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
        #expect(run.standardOutput.contains("Evil"))
    }

    @Test("a panorama whose image cannot be shown is not arrived at: the state goes back, says why, reports the error")
    func brokenImageIsNotArrival() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        try Data("not an image".utf8).write(to: fixture.folder.appendingPathComponent("images/c.png"))
        let folder = try fixture.write(DatasetFixture.validManifest())
        let events = fixture.folder.appendingPathComponent("events.jsonl").path
        // Way 2 leads east, to c.
        let run = try ProgramRun.sidewalk([folder, "--headless", "--keys", "2; expect error /not a JPEG or PNG/; r", "--events", events])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("cannot show c: images/c.png: not a JPEG or PNG image"), "\(run.standardOutput)")
        // It said "c" and stayed there while a terminal would show b.
        let lastLine = run.standardOutput.split(separator: "\n").last ?? ""
        #expect(lastLine.contains("at b") && !lastLine.contains("at c"), "\(lastLine)")
        #expect(try String(contentsOfFile: events, encoding: .utf8).contains("errorOnMoveToPanoramaID"))
    }

    @Test("in a locale that is not UTF-8 the narration is ASCII")
    func asciiNarration() throws {
        let run = try ProgramRun.sidewalk([Self.demo, "--headless", "--keys", "r"], environment: ["LC_ALL": "C"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("Behind on the left: Cafe Aurora 10 metres"), "\(run.standardOutput)")
        #expect(run.standardOutput.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test("the URL u shares in a dataset of one's own names it, so sidewalk open alone reopens the same place and view")
    func sharedURLNamesTheDataset() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let folder = try fixture.write(DatasetFixture.validManifest())
        let shared = try ProgramRun.sidewalk([folder, "--pano", "b", "--heading", "300", "--headless", "--keys", "u"])
        #expect(shared.status == 0, "\(shared.standardError)")
        let url = try #require(shared.standardOutput.split(separator: "\n").last.map(String.init))
        #expect(url.contains("&dataset=%2F"), "\(url)")
        let reopened = try ProgramRun.sidewalk(["open", url, "--headless", "--keys", ""])
        #expect(reopened.status == 0, "\(reopened.standardError)")
        let firstLine = { (run: ProgramRun) in run.standardOutput.split(separator: "\n").first.map(String.init) }
        #expect(firstLine(reopened) == firstLine(shared) && firstLine(shared)?.hasPrefix("b; facing north-west;") == true)
    }

    @Test("sidewalk open: each URL form opens its place and view; u prints the view's URL; a bad URL is one line, status 2")
    func openURLs() throws {
        let google = try ProgramRun.sidewalk([
            "open", "https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=46.9412,7.4453&heading=200&pitch=10&fov=45",
            Self.demo, "--keys", "u"
        ])
        #expect(google.status == 0, "\(google.standardError)")
        let lines = google.standardOutput.split(separator: "\n")
        #expect(
            lines.first?.hasPrefix(
                "Main Street at Station Road, Lindenfeld, 21 June 2024; facing south, looking up 10 degrees, zoom 2.4 times;")
                == true, "\(lines)")
        #expect(
            lines.last == "sidewalk://view?pano=main-5&viewpoint=46.9412,7.4453&heading=200&pitch=10&fov=45", "the demo town is not named")
        let byID = try ProgramRun.sidewalk(["open", "sidewalk://view?pano=museum-hall&heading=90", Self.demo, "--keys", ""])
        #expect(byID.standardOutput.hasPrefix("Town Museum, ground floor, hall, 21 June 2024; facing east;"))
        let ios = try ProgramRun.sidewalk(["open", "comgooglemaps://?center=46.9412,7.4453&mapmode=streetview", Self.demo, "--keys", ""])
        #expect(ios.standardOutput.hasPrefix("Main Street at Station Road"))
        let nowhere = try ProgramRun.sidewalk(["open", "comgooglemaps://?center=0,0&mapmode=streetview", Self.demo, "--keys", ""])
        #expect(
            nowhere.status == 3
                && nowhere.errorLines == [
                    "sidewalk: No street-level imagery available within 50 m of 0,0; nearest imagery 5270 km north, Main Street 10, Lindenfeld"
                ])
        let bad = try ProgramRun.sidewalk(["open", "sidewalk://view?pano=%1B%5D0;x%07", Self.demo])
        #expect(bad.status == 2 && bad.errorLines == ["sidewalk: bad URL: the URL contains control characters"])
    }
}
