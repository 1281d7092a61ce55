import Foundation
import TestSupport
import Testing

/// What `sidewalk render` does with a recording longer than it renders and with a disk that
/// fills: one line and status 1, what was at the output kept, nothing of its own left behind.
@Suite("Render limits and full disks")
struct RenderLimitTests {
    /// A recording whose every event paints the 20×4 screen in new colours and letters, one
    /// every 0.1 s for `seconds`: frames that compress badly.
    static func noise(seconds: Double) -> String {
        var generator = SeededGenerator(seed: 11)
        var lines = [#"{"version": 2, "width": 20, "height": 4, "x_sidewalk_cell_pixels": [8, 16]}"#]
        for step in 0..<Int(seconds * 10) {
            var text = "\\u001b[H"
            for _ in 0..<80 {
                let (r, g, b) = (Int.random(in: 0...255, using: &generator), Int.random(in: 0...255, using: &generator), step % 256)
                text += "\\u001b[48;2;\(r);\(g);\(b)m\\u001b[38;2;\(b);\(r);\(g)m\(["A", "W", "#", "%", "@"][r % 5])"
            }
            lines.append("[\(Double(step) / 10), \"o\", \"\(text)\"]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a recording that would make more frames than a render makes is refused before anything is written")
    func tooManyFrames() throws {
        let folder = try RenderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let endless = try RenderCommandTests.write(
            RenderCommandTests.small + "\n[1e18, \"o\", \"end\"]\n", in: folder, as: "endless.cast")
        let long = try RenderCommandTests.write(RenderCommandTests.small + "\n[100000, \"o\", \"end\"]\n", in: folder, as: "long.cast")
        for (cast, output) in [(endless, "a.gif"), (endless, "a.mp4"), (endless, "a.webm"), (endless, "frames/"), (long, "b.gif")] {
            let run = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/\(output)"], timeLimit: 60)
            #expect(
                run.status == 1 && run.errorLines.count == 1
                    && run.standardError.contains("frames a second that is more than the 100000 frames a render makes"),
                "\(output): \(run.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["endless.cast", "long.cast"])
        // Its pauses shortened, the long one renders.
        let shortened = try ProgramRun.sidewalk(["render", long, "--output", "\(folder)/b.gif", "--idle-limit", "1"], timeLimit: 60)
        #expect(shortened.status == 0 && shortened.standardOutput.hasPrefix("wrote \(folder)/b.gif:"), "\(shortened.standardError)")
    }

    @Test(
        "a disk that fills under a GIF, a video or a folder of frames: one line, status 1, the file that was there kept, nothing left",
        arguments: ["walk.gif", "walk.mp4", "walk.webm", "frames/"])
    func fullDisk(output: String) throws {
        let folder = try RenderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cast = try RenderCommandTests.write(Self.noise(seconds: 4), in: folder, as: "noise.cast")
        let disk = "\(folder)/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let good = Data("a good \(output) made earlier".utf8)
        let seeds = output.hasSuffix("/") ? [("filler", Data(count: 500 << 10))] : [("filler", Data(count: 500 << 10)), (output, good)]
        let full = try FullDisk.sidewalk(
            ["render", cast, "--output", "\(disk)/\(output)", "--size", "640x256", "--fps", "30"], folder: disk, kilobytes: 600,
            seeds: seeds)
        #expect(full.run.status == 1 && full.run.errorLines.count == 1, "\(full.run.standardError)")
        #expect(full.run.standardError.contains("No space left on device"), "\(full.run.standardError)")
        let expected = output.hasSuffix("/") ? ["filler"] : ["filler", output]
        #expect(full.files.keys.sorted() == expected.sorted(), "nothing of the render's left: \(full.files.keys.sorted())")
        if !output.hasSuffix("/") { #expect(full.files[output] == (try FullDisk.digest(good)), "the earlier \(output) is kept") }
    }

    @Test("a --font that is a FIFO, a folder or no font is refused in one line at once, never waited on")
    func badFonts() throws {
        let folder = try RenderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cast = try RenderCommandTests.write(RenderCommandTests.small, in: folder, as: "small.cast")
        #expect(mkfifo("\(folder)/font.fifo", 0o600) == 0)
        let text = try RenderCommandTests.write("not a font", in: folder, as: "font.ttf")
        for (font, reason) in [("\(folder)/font.fifo", "is a FIFO"), (folder, "is a folder"), (text, "not a font FreeType reads")] {
            let run = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/a.png", "--font", font], timeLimit: 30)
            #expect(
                run.status == 2 && run.errorLines.count == 1 && run.standardError.contains("--font \(font): ")
                    && run.standardError.contains(reason),
                "\(font): \(run.status) \(run.standardError)")
        }
    }

    @Test("render's lines name paths as they may be printed: a folder named where a file is, an ESC in an output's name")
    func pathsSaid() throws {
        let folder = try RenderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cast = try RenderCommandTests.write(RenderCommandTests.small, in: folder, as: "small.cast")
        _ = try RenderCommandTests.write("mine", in: folder, as: "frames")
        let onFile = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/frames/"])
        #expect(
            onFile.status == 1
                && onFile.errorLines == [
                    "sidewalk: \(folder)/frames: cannot write: it is a regular file, not a folder; frames go into a new or empty folder"
                ],
            "\(onFile.standardError)")
        let escaped = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/a\u{1B}[2Jb.png"])
        #expect(escaped.status == 0 && escaped.standardOutput.hasPrefix("wrote \(folder)/a\u{FFFD}[2Jb.png:"), "\(escaped.standardOutput)")
        #expect(!escaped.standardOutput.unicodeScalars.contains("\u{1B}"))
    }
}
