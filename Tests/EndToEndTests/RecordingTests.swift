import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing
import VirtualTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `--record FILE.cast`: an asciicast v2 recording of what the full view sends, as asciinema's
/// format documents it (a JSON header line, then `[time, code, data]` lines), checked by
/// replaying its output into the terminal model.
@Suite("Recording the explorer")
struct RecordingTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    @Test("a walk recorded: the header, a marker per arrival, pauses cut to the limit, and output that replays to the screen seen")
    func walk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-cast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("walk.cast").path
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --geocoder off --record '\(cast)' --record-idle-limit 0.5",
            columns: 100, rows: 30, environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 16") })
        try session.send("w")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 18") })
        let seen = try session.capture()
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 100 && header["height"] as? Int == 30)
        #expect(header["title"] as? String == "Sidewalk: Main Street 16, Lindenfeld" && header["idle_time_limit"] as? Double == 0.5)
        let events = try lines.dropFirst().map { line in try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any]) }
        let times = events.compactMap { $0[0] as? Double }
        #expect(times.count == events.count && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 && $1 - $0 <= 0.5 + 1e-6 })
        let markers = events.filter { $0[1] as? String == "m" }.compactMap { $0[2] as? String }
        #expect(markers == ["Main Street 16, Lindenfeld", "Main Street 18, Lindenfeld"], "\(markers)")
        // It opens the full screen as the terminal was told to, and gives it back at the end, so
        // a player (asciinema play) leaves the shell's screen as it was.
        let outputs = events.filter { $0[1] as? String == "o" }.map { $0[2] as? String ?? "" }
        #expect(
            outputs.first == "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l" && outputs.last == "\u{1B}[?25h\u{1B}[?1049l",
            "\(outputs.prefix(1))")
        var screen = VirtualScreen(columns: 100, rows: 30)
        for output in outputs.dropLast() { screen.feed(Array(output.utf8)) }
        let top = { (text: String) in text.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(top(screen.text) == top(seen), "the cast replays to the top line tmux showed")
        screen.feed(Array(outputs.last?.utf8 ?? "".utf8))
        #expect(top(screen.text).trimmingCharacters(in: .whitespaces).isEmpty, "the shell's screen given back")
    }

    @Test("a resize while recording is kept (an r event) and rendered at the new size, the whole larger screen drawn")
    func resized() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-cast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("walk.cast").path
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --record '\(cast)'", columns: 80, rows: 24,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("q quit") })
        try session.resize(columns: 120, rows: 36)
        #expect(try session.waitUntil(timeout: 30) { try session.capture().split(separator: "\n").last?.count ?? 0 > 100 })
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("105°") || session.capture().contains("100°") })
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
        #expect(try String(contentsOfFile: cast, encoding: .utf8).contains(#""r", "120x36"]"#))
        let png = folder.appendingPathComponent("end.png").path
        let run = try ProgramRun.sidewalk(["render", cast, "--output", png])
        #expect(run.status == 0, "\(run.standardError)")
        let picture = try ImageDecoder.decodeFile(png)
        // 120×36 cells of the recording's own cell (10×20 pixels in tmux's report, or the
        // default): the bottom-right quarter, beyond the first 80×24, is drawn, not left black.
        #expect(picture.width >= 120 * 8 && picture.height >= 36 * 16)
        var lit = 0
        for y in stride(from: picture.height * 3 / 4, to: picture.height, by: 4) {
            for x in stride(from: picture.width * 3 / 4, to: picture.width, by: 4) where picture[x, y] != RGB(0, 0, 0) { lit += 1 }
        }
        #expect(lit > 100, "\(lit) lit samples in the corner the first size never reached")
    }

    @Test("--record refuses a link, is off in --demo, and only the full view records")
    func refusals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-cast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("mine").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data("mine".utf8)))
        let link = folder.appendingPathComponent("walk.cast").path
        #expect(symlink(target, link) == 0)
        let linked = try ProgramRun.sidewalk([Self.demo, "--record", link])
        #expect(
            linked.status == 1 && linked.errorLines.count == 1 && linked.standardError.contains("is a symbolic link"),
            "\(linked.standardError)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine")
        let demo = try ProgramRun.sidewalk(["--demo", "--record", folder.appendingPathComponent("d.cast").path])
        #expect(
            demo.status == 2
                && demo.errorLines == [
                    "sidewalk: --record is off in --demo: a public demo records no visitor unless its operator gives --record-visits DIR"
                ])
        let visits = try ProgramRun.sidewalk([Self.demo, "--record-visits", folder.path])
        #expect(visits.status == 2 && visits.standardError.contains("--record-visits is a --demo operator's"))
        let headless = try ProgramRun.sidewalk([
            Self.demo, "--record", folder.appendingPathComponent("h.cast").path, "--headless", "--keys", ""
        ])
        #expect(headless.status == 2 && headless.standardError.contains("--record keeps what a terminal shows"))
    }

    @Test("--record-input keeps the keys typed as i events, and none of the terminal's answers; without it, no keys")
    func input() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-cast-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for keep in [true, false] {
            let cast = folder.appendingPathComponent("walk-\(keep).cast").path
            let session = try TmuxSession(
                command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --geocoder off --record '\(cast)'" + (keep ? " --record-input" : ""),
                columns: 100, rows: 30, environment: ["SWIFT_BACKTRACE": "interactive=no"])
            defer { session.close() }
            #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 16") })
            try session.send("w")
            #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 18") })
            try session.send("q")
            #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
            let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").dropFirst()
            let events = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any]) }
            let typed = events.filter { $0[1] as? String == "i" }.compactMap { $0[2] as? String }
            #expect(typed == (keep ? ["w", "q"] : []), "\(typed)")
        }
    }

    @Test("--describe --record keeps the lines said as a cast, a marker at each arrival")
    func describedRecording() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-describe-cast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("listen.cast").path
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --describe --record '\(cast)'", columns: 100, rows: 30,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("facing east; ways east and west.") })
        try session.send("w")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 18.") })
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 100)
        let events = try lines.dropFirst().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any]) }
        #expect(events.contains { $0[1] as? String == "o" && $0[2] as? String == "Main Street 18.\r\n" }, "\(events)")
        #expect(events.contains { $0[1] as? String == "m" && $0[2] as? String == "Main Street 18, Lindenfeld" }, "\(events)")
    }

    @Test("--demo --record-visits DIR: the operator keeps each visit as its own recording, and the visitor is told at the start")
    func visits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-visits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for _ in 0..<2 {
            let session = try TmuxSession(
                command: "'\(BuiltProducts.sidewalk)' --demo --record-visits '\(folder.path)'", columns: 100, rows: 30,
                environment: [
                    "SWIFT_BACKTRACE": "interactive=no",
                    "SIDEWALK_ASSETS": BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets").path
                ])
            defer { session.close() }
            #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("This visit is recorded by the demo's operator.") })
            try session.send("q")
            #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
        }
        let casts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("visit-") && $0.hasSuffix(".cast")
        }
        #expect(casts.count == 2, "\(casts)")
        for cast in casts {
            let first = try String(contentsOfFile: folder.appendingPathComponent(cast).path, encoding: .utf8).split(separator: "\n")[0]
            let header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
            #expect(header["version"] as? Int == 2 && header["width"] as? Int == 100)
        }
    }

    @Test(
        "--record on a disk that fills: the explorer goes on, ends with one line and status 1, and the recording is valid to its last line")
    func fullDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-full-cast-\(UUID().uuidString)")
        let (disk, report) = (folder.appendingPathComponent("disk").path, folder.appendingPathComponent("report").path)
        for path in [disk, report] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: folder) }
        // 600 KiB of tmpfs, all but 8 KiB taken: the header fits, the first frame does not.
        let script = """
            mount -t tmpfs -o size=600k tmpfs "$0" && head -c 606208 /dev/zero > "$0/filler" || exit 90
            "$2" "$3" --record "$0/walk.cast" 2> "$1/stderr"
            echo $? > "$1/status"; cp "$0/walk.cast" "$1/" 2>/dev/null; ls -A "$0" > "$1/list.tmp"; mv "$1/list.tmp" "$1/list"
            """
        let session = try TmuxSession(
            command:
                "unshare --user --map-root-user --mount sh -c '\(script)' '\(disk)' '\(report)' '\(BuiltProducts.sidewalk)' '\(Self.demo)'",
            columns: 100, rows: 30, environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        // A turn's frames are far larger than the room left.
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Heading 90° E") })
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Heading 105°") })
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { FileManager.default.fileExists(atPath: "\(report)/list") })
        let status = try String(contentsOfFile: "\(report)/status", encoding: .utf8)
        let stderr = try String(contentsOfFile: "\(report)/stderr", encoding: .utf8)
        #expect(
            status == "1\n"
                && stderr == "sidewalk: \(disk)/walk.cast: cannot write: No space left on device; the recording holds what came before\n",
            "\(status) \(stderr)")
        let listed = try String(contentsOfFile: "\(report)/list", encoding: .utf8)
        #expect(listed == "filler\nwalk.cast\n", "no temporary file left: \(listed)")
        let lines = try String(contentsOfFile: "\(report)/walk.cast", encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the file ends with a whole line")
        for line in lines.dropLast() { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line.prefix(80))") }
    }

    @Test("--record replaces a file that was there: its other name (a hard link) keeps what it held")
    func replacesNotTruncates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-cast-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (cast, other) = (folder.appendingPathComponent("walk.cast").path, folder.appendingPathComponent("other.cast").path)
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: other))
        #expect(link(other, cast) == 0)
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --record '\(cast)'", columns: 100, rows: 30,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Heading 90° E") })
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "kept\n")
        #expect(try String(contentsOfFile: cast, encoding: .utf8).hasPrefix("{\"version\":2,"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["other.cast", "walk.cast"])
    }
}
