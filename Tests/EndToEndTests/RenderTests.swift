import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `sidewalk render`: a recording of the explorer drawn as pixels, checked against what
/// `sidewalk snapshot` makes of the same view, the GIF read back by ImageMagick.
@Suite("Rendering recordings")
struct RenderTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    /// A drawing of the explorer: its options, and the grid the view is compared at (sub-pixels
    /// a cell across and down).
    struct Drawing: CustomTestStringConvertible, Sendable {
        let name: String
        let options: [String]
        let grid: (across: Int, down: Int)
        var testDescription: String { name }
    }

    static let drawings = [
        Drawing(name: "half blocks", options: ["--symbols", "half"], grid: (1, 2)),
        // Two colours a cell cannot show four, six or eight sub-pixels as the snapshot has them,
        // so the finer sets are compared cell by cell: the shapes' mean colour. (That the shapes
        // themselves are right is `RealTerminalTests`' and `PainterTests`' to show.)
        Drawing(name: "quadrants", options: ["--symbols", "quadrant"], grid: (1, 1)),
        Drawing(name: "sextants", options: ["--symbols", "sextant"], grid: (1, 1)),
        Drawing(name: "octants", options: ["--symbols", "octant"], grid: (1, 1)),
        Drawing(name: "kitty pixels", options: ["--format", "kitty"], grid: (10, 20)),
        Drawing(name: "sixel pixels", options: ["--format", "sixels"], grid: (10, 20))
    ]

    @Test("the last frame of a recording, as a PNG and as the GIF's last frame, is the snapshot's view", arguments: drawings)
    func lastFrame(_ drawing: Drawing) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cast = "\(folder)/view.cast"
        let screenText = try Self.record(cast, options: drawing.options)
        let still = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/last.png"])
        #expect(still.status == 0, "\(still.standardError)")
        let gif = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/view.gif"])
        #expect(gif.status == 0, "\(gif.standardError)")
        let snapshot = try ProgramRun.sidewalk([
            "snapshot", Self.demo, "--heading", "90", "--size", "800x440", "--output", "\(folder)/snap.png"
        ])
        #expect(snapshot.status == 0, "\(snapshot.standardError)")
        let reference = try ImageDecoder.decodeFile("\(folder)/snap.png")
        let labels = Self.labelCells(screenText)
        for frame in [try ImageDecoder.decodeFile("\(folder)/last.png"), try Self.lastGIFFrame("\(folder)/view.gif", in: folder)] {
            #expect(frame.width == 800 && frame.height == 480)
            let psnr = Self.viewPSNR(frame, against: reference, grid: drawing.grid, skipping: labels)
            #expect(psnr >= 35, "\(drawing.name): \(psnr) dB")
        }
        // The first frame, a player's thumbnail, shows the view: it was the black screen the
        // recording starts with (the full screen taken and cleared) before the first frame came.
        let first = try ImageDecoder.decodeFile("\(folder)/\(try #require(Self.gifFrames(in: folder).first))")
        let mean = first.pixels.reduce(0) { $0 + Int($1) } / max(1, first.pixels.count)
        #expect(mean > 20, "\(drawing.name): the first frame's mean is \(mean) of 255")
    }

    /// Records the explorer's first view at 80×24 in truecolour until it has settled (its state
    /// log says so, which it does only once the sharper decode a pixel picture asks for has been
    /// drawn, however long it took, and the cast then stops growing for a second), and returns
    /// the screen's text as tmux showed it.
    static func record(_ cast: String, options: [String]) throws -> String {
        let stateLog = cast + ".state"
        let session = try TmuxSession(
            command:
                "'\(BuiltProducts.sidewalk)' '\(demo)' --geocoder off --color truecolor \(options.joined(separator: " ")) --record '\(cast)'"
                + " --state-log '\(stateLog)'",
            columns: 80, rows: 24, environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Heading 90° E") })
        #expect(
            session.waitUntil(timeout: 60) {
                ((try? String(contentsOfFile: stateLog, encoding: .utf8)) ?? "").contains("\"settled\":true")
            })
        var (size, since) = (-1, Date())
        #expect(
            session.waitUntil(timeout: 30) {
                let now = (try? FileManager.default.attributesOfItem(atPath: cast)[.size] as? Int) ?? 0
                if now != size { (size, since) = (now, Date()) }
                return Date().timeIntervalSince(since) >= 1
            })
        let text = try session.capture()
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus == 0 })
        return text
    }

    /// The cells (row, column) a label covers: its text, the spaces inside it and one either side.
    static func labelCells(_ screen: String) -> Set<[Int]> {
        var cells = Set<[Int]>()
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = Array(line.unicodeScalars).enumerated().filter { !isPicture($0.element) }.map(\.offset)
            var index = 0
            while index < text.count {
                var end = index
                while end + 1 < text.count, text[end + 1] - text[end] <= 3 { end += 1 }
                for column in (text[index] - 1)...(text[end] + 1) { cells.insert([row, column]) }
                index = end + 1
            }
        }
        return cells
    }

    /// True for what the view is drawn with: a space, block elements, sextants and octants.
    static func isPicture(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || (0x2580...0x259F).contains(scalar.value) || (0x1FB00...0x1FB3B).contains(scalar.value)
            || (0x1CD00...0x1CDE5).contains(scalar.value)
    }

    /// PSNR of the view (rows 1...22 of 80×24 cells of 10×20 pixels) against the snapshot, both
    /// averaged to `grid` sub-pixels a cell, leaving out the labels' cells.
    static func viewPSNR(_ frame: RGBImage, against reference: RGBImage, grid: (across: Int, down: Int), skipping labels: Set<[Int]>)
        -> Double
    {
        let (width, height) = (10 / grid.across, 20 / grid.down)
        var (drawn, expected): ([UInt8], [UInt8]) = ([], [])
        for y in stride(from: 0, to: 440, by: height) {
            for x in stride(from: 0, to: 800, by: width) where !labels.contains([1 + y / 20, x / 10]) {
                drawn += mean(frame, x: x, y: y + 20, width: width, height: height)
                expected += mean(reference, x: x, y: y, width: width, height: height)
            }
        }
        return ImageMetrics.psnr(drawn, expected)
    }

    static func mean(_ image: RGBImage, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        var sum = [0, 0, 0]
        for row in y..<(y + height) {
            for column in x..<(x + width) {
                for channel in 0..<3 { sum[channel] += Int(image.pixels[(row * image.width + column) * 3 + channel]) }
            }
        }
        return sum.map { UInt8(($0 + width * height / 2) / (width * height)) }
    }

    /// The GIF's last frame as ImageMagick composes it.
    static func lastGIFFrame(_ gif: String, in folder: String) throws -> RGBImage {
        let result = try Subprocess.run(["convert", gif, "-coalesce", "\(folder)/gif-%04d.png"])
        #expect(result.status == 0, "\(String(decoding: result.standardError, as: UTF8.self))")
        return try ImageDecoder.decodeFile("\(folder)/\(try #require(gifFrames(in: folder).last))")
    }

    /// The frames `lastGIFFrame` wrote, in order.
    static func gifFrames(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("gif-") }.sorted()
    }

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-render-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// `sidewalk render`'s command line: what it refuses, in one line each, and the video it hands
/// to ffmpeg, read back by ffprobe.
@Suite("The render command")
struct RenderCommandTests {
    static let small = """
        {"version": 2, "width": 20, "height": 4, "title": "test", "x_sidewalk_cell_pixels": [8, 16]}
        [0.1, "m", "Main Street 16, Lindenfeld"]
        [0.2, "o", "\\u001b[48;2;200;0;0mred\\u001b[0m"]
        [1.4, "o", "\\u001b[2;1H\\u2580\\u2584 done"]
        """

    static func write(_ text: String, in folder: String, as name: String) throws -> String {
        let path = "\(folder)/\(name)"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    @Test("bad recordings, outputs and choices: one line naming what is wrong, and a status")
    func refusals() throws {
        let folder = try RenderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cast = try Self.write(Self.small, in: folder, as: "small.cast")
        let broken = try Self.write("{\"version\": 2, \"width\": 20, \"height\": 4}\n[0.1, \"o\"]\n", in: folder, as: "broken.cast")
        let huge = try Self.write("{\"version\": 2, \"width\": 2000, \"height\": 2000}\n", in: folder, as: "huge.cast")
        try FileManager.default.createDirectory(atPath: "\(folder)/full", withIntermediateDirectories: true)
        _ = try Self.write("x", in: "\(folder)/full", as: "mine.txt")
        let cases: [([String], Int32, String)] = [
            ([broken, "--output", "\(folder)/a.gif"], 1, "sidewalk: \(broken): line 2: an event is [seconds, code, data], seconds >= 0"),
            ([huge, "--output", "\(folder)/a.png"], 2, "would be 20000×40000 pixels, more than 16 megapixels; give a smaller --size"),
            ([cast, "--output", "\(folder)/a.bmp"], 2, "--output must end in .gif, .mp4, .webm or .png, or be a folder ending in /"),
            ([cast, "--output", "\(folder)/a.gif", "--at", "1"], 2, "--at and --marker choose a still, for a .png --output"),
            ([cast, "--output", "\(folder)/a.png", "--marker", "Station"], 1, "no marker 'Station'; it has 'Main Street 16, Lindenfeld'"),
            ([cast, "--output", "\(folder)/full/"], 1, "the folder is not empty"),
            ([cast, "--output", "\(folder)/a.gif", "--fps", "60"], 2, "--fps for a GIF is at most 50")
        ]
        for (arguments, status, message) in cases {
            let run = try ProgramRun.sidewalk(["render"] + arguments)
            #expect(
                run.status == status && run.errorLines.count == 1 && run.standardError.contains(message),
                "\(arguments): \(run.standardError)")
        }
        let noFFmpeg = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/a.mp4"], environment: ["PATH": "/nonexistent"])
        #expect(
            noFFmpeg.status == 1
                && noFFmpeg.errorLines == [
                    "sidewalk: ffmpeg is not installed, and MP4 and WebM are made by it (apt install ffmpeg); GIF and PNG need nothing"
                ])
        // A link where the video would go is refused, and what it points to kept.
        let mine = try Self.write("mine", in: folder, as: "mine.txt")
        #expect(symlink(mine, "\(folder)/linked.mp4") == 0)
        let linked = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/linked.mp4"])
        #expect(linked.status == 1 && linked.standardError.contains("is a symbolic link"), "\(linked.standardError)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "broken.cast", "full", "huge.cast", "linked.mp4", "mine.txt", "small.cast"
            ], "no temporary file left behind")
    }

    @Test(
        "a recording whose terminal grew is drawn whole: the picture takes the largest size, and what was written past the first is in it")
    func grownTerminal() throws {
        let folder = try RenderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 10×2 cells of 8×16 pixels, two red, then 20×3, and two blue cells written at row 3, column
        // 15: both pairs are drawn.
        let cast = try Self.write(
            """
            {"version": 2, "width": 10, "height": 2, "x_sidewalk_cell_pixels": [8, 16]}
            [0.1, "o", "\\u001b[48;2;200;0;0m  \\u001b[0m"]
            [0.2, "r", "20x3"]
            [0.3, "o", "\\u001b[3;15H\\u001b[48;2;0;0;200m  \\u001b[0m"]
            """, in: folder, as: "grown.cast")
        let run = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/last.png"])
        #expect(run.status == 0, "\(run.standardError)")
        let picture = try ImageDecoder.decodeFile("\(folder)/last.png")
        #expect(picture.width == 160 && picture.height == 48)
        guard picture.width == 160, picture.height == 48 else { return }
        // The middle of column 15, row 3 (cells counted from 1), and of the first cell.
        #expect(picture[14 * 8 + 4, 2 * 16 + 8] == RGB(0, 0, 200))
        #expect(picture[4, 8] == RGB(200, 0, 0))
    }

    @Test("an MP4 and a WebM through ffmpeg: the recording's length at the rate asked, its size, the end held a second")
    func video() throws {
        let folder = try RenderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cast = try Self.write(Self.small, in: folder, as: "small.cast")
        for name in ["walk.mp4", "walk.webm"] {
            let run = try ProgramRun.sidewalk(["render", cast, "--output", "\(folder)/\(name)", "--fps", "20"])
            #expect(run.status == 0, "\(run.standardError)")
            let probe = try Subprocess.run([
                "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=width,height,nb_read_frames",
                "-of", "csv=p=0", "\(folder)/\(name)"
            ])
            // 20×4 cells of 8×16 pixels; from the first output that shows something (0.2 s, not the
            // marker at 0.1) to the end (1.4 s) at 20 a second is 25 frames, and 20 more hold the end.
            #expect(
                String(decoding: probe.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "160,64,45",
                "\(name)")
        }
    }
}
