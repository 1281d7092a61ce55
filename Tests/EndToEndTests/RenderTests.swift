import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

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
        // Two colours a cell cannot show six sub-pixels as the snapshot has them (34 dB there),
        // so sextants are compared cell by cell: the shapes' mean colour.
        Drawing(name: "sextants", options: ["--symbols", "sextant"], grid: (1, 1)),
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
    }

    /// Records the explorer's first view at 80×24 in truecolour until it has settled (the cast
    /// stops growing for a second), and returns the screen's text as tmux showed it.
    static func record(_ cast: String, options: [String]) throws -> String {
        let session = try TmuxSession(
            command:
                "'\(BuiltProducts.sidewalk)' '\(demo)' --geocoder off --color truecolor \(options.joined(separator: " ")) --record '\(cast)'",
            columns: 80, rows: 24, environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Heading 90° E") })
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
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("gif-") }.sorted()
        return try ImageDecoder.decodeFile("\(folder)/\(try #require(frames.last))")
    }

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-render-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
