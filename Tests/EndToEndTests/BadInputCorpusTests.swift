import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

/// The bad-input corpus (docs/reliability.md): inputs named after what they break, each run
/// through the real program, each with its expected outcome. A refusal is one line naming the
/// source and a non-zero status; a usable input with a flaw is a warning; nothing crashes.
@Suite("Bad-input corpus")
struct BadInputCorpusTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// One refusal: status 1 and exactly one line, which names `source` and says `saying`.
    private func expectRefused(_ run: ProgramRun, source: String, saying: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 1, "\(run.standardError)", sourceLocation: sourceLocation)
        #expect(run.errorLines.count == 1, "\(run.errorLines)", sourceLocation: sourceLocation)
        let line = String(run.errorLines.first ?? "")
        #expect(line.hasPrefix("sidewalk: ") && line.contains(source) && line.contains(saying), "\(line)", sourceLocation: sourceLocation)
    }

    static let manifests: [(name: String, bytes: [UInt8], saying: String)] = [
        ("truncated-json", Array(#"{"format":"sidewalk-dataset","version":1,"panor"#.utf8), "not valid JSON"),
        (
            "nested-10000-deep", Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8),
            "not valid JSON"
        ),
        (
            "invalid-utf8-in-a-string",
            Array(#"{"format":"sidewalk-dataset","version":1,"panoramas":[{"id":"a"#.utf8) + [0xFF, 0xFE]
                + Array(#"","image":"x.png","lat":1,"lng":2}]}"#.utf8), "not valid JSON"
        ),
        ("root-not-an-object", Array("[1, 2, 3]".utf8), "must be a JSON object")
    ]

    @Test(
        "broken manifests: the explorer refuses with one line naming the manifest; info reports it and exits 1",
        arguments: manifests.map(\.name))
    func brokenManifest(name: String) throws {
        let entry = try #require(Self.manifests.first { $0.name == name })
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(entry.bytes).write(to: folder.appendingPathComponent("manifest.json"))
        expectRefused(try ProgramRun.sidewalk([folder.path, "--headless", "--keys", "q"]), source: "manifest.json", saying: entry.saying)
        let info = try ProgramRun.sidewalk(["info", folder.path])
        #expect(info.status == 1 && (info.standardOutput + info.standardError).contains(entry.saying))
    }

    @Test("a 100 MB manifest is refused by its size, before it is read: memory stays small")
    func hugeManifest() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.json")
        #expect(FileManager.default.createFile(atPath: manifest.path, contents: nil))
        let handle = try FileHandle(forWritingTo: manifest)
        try handle.truncate(atOffset: 100 << 20)  // sparse: 100 MB long, nothing written
        try handle.close()
        let run = try ProgramRun.sidewalk(["info", folder.path], measuringMemory: true)
        expectRefused(run, source: "manifest.json", saying: "limit for a manifest")
        #expect(
            run.peakResidentKilobytes > 0 && run.peakResidentKilobytes < ProgramRun.memoryBound(kilobytes: 64 << 10),
            "peak \(run.peakResidentKilobytes) KB")
    }

    @Test("NUL and control characters inside manifest strings load, and never reach the output raw")
    func controlsInStrings() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        manifest["name"] = "Nul\u{0}street\u{7}"
        let folder = try fixture.write(manifest)
        let run = try ProgramRun.sidewalk(["info", folder])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Nul"))
        #expect(!run.standardOutput.utf8.contains(0) && !run.standardOutput.utf8.contains(7))
    }

    /// Images named after what they break, the snapshot's expected words.
    static func images() throws -> [(name: String, bytes: [UInt8], saying: String)] {
        let jpeg = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 64, height: 32))
        let png = TestPNG.encode(width: 64, height: 32, colorType: .rgb) { x, y in [x * 4, y * 8, 0] }
        return [
            ("empty.jpg", [], "empty"),
            ("text-named.jpg", Array("this is not a picture\n".utf8), "not a JPEG or PNG"),
            ("truncated.jpg", Array(jpeg.prefix(jpeg.count / 2)), "corrupt"),
            ("truncated.png", Array(png.prefix(png.count / 2)), "corrupt"),
            ("huge-header.jpg", LyingHeaders.jpeg(jpeg, claimingWidth: 60000, height: 60000), "too large"),
            ("huge-header.png", LyingHeaders.png(png, claimingWidth: 60000, height: 60000), "too large"),
            ("wrong-aspect.png", TestPNG.encode(width: 96, height: 32, colorType: .rgb) { _, _ in [0, 0, 0] }, "2:1")
        ]
    }

    @Test(
        "broken and hostile images are refused with one line naming the file; huge headers before any allocation",
        arguments: [
            "empty.jpg", "text-named.jpg", "truncated.jpg", "truncated.png", "huge-header.jpg", "huge-header.png", "wrong-aspect.png"
        ])
    func brokenImage(name: String) throws {
        let entry = try #require(try Self.images().first { $0.name == name })
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(entry.bytes).write(to: file)
        let run = try ProgramRun.sidewalk(
            ["snapshot", file.path, "--size", "32x16", "--output", folder.appendingPathComponent("out.png").path],
            measuringMemory: true)
        expectRefused(run, source: name, saying: entry.saying)
        #expect(
            run.peakResidentKilobytes < ProgramRun.memoryBound(kilobytes: 64 << 10),
            "refused before allocating: peak \(run.peakResidentKilobytes) KB")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path), "no output written")
    }

    @Test("a 16384×8192 PNG zlib bomb (2.5 MB, inflating to 384 MB) decodes scaled down, within the memory budget")
    func zlibBomb() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bomb = ZlibBomb.png(width: 16384, height: 8192)
        #expect(bomb.count < 3_000_000, "\(bomb.count) bytes for 384 MB of pixels")
        let file = folder.appendingPathComponent("bomb.png")
        try Data(bomb).write(to: file)
        let output = folder.appendingPathComponent("out.png").path
        // Zoom 5 asks for more pixels than the budget allows: decoded at 4096×2048, never whole
        // (it peaked at 1.07 GB, decoding 16384×8192 as RGBA, then RGB, then copying it).
        let run = try ProgramRun.sidewalk(
            ["snapshot", file.path, "--size", "1024x512", "--zoom", "5", "--output", output], measuringMemory: true)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try ImageDecoder.decodeFile(output)[16, 8] == RGB(0, 0, 0))
        #expect(
            run.peakResidentKilobytes > 0 && run.peakResidentKilobytes < ProgramRun.memoryBound(kilobytes: 200 << 10),
            "peak \(run.peakResidentKilobytes) KB")
    }

    @Test("a 63 MB manifest of empty objects is refused at the JSON budget, not parsed into gigabytes")
    func manifestOfEmptyObjects() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 63 * 1024 * 1024 / 3
        var text = Array(#"{"panoramas":["#.utf8)
        text.reserveCapacity(count * 3 + 32)
        for i in 0..<count { text += i == 0 ? Array("{}".utf8) : Array(",{}".utf8) }
        text += Array("]}".utf8)
        try Data(text).write(to: folder.appendingPathComponent("manifest.json"))
        let run = try ProgramRun.sidewalk(["info", folder.path], measuringMemory: true)
        #expect(run.status == 1)
        #expect((run.standardOutput + run.standardError).contains("more than 2000000 values"), "\(run.standardError)")
        // Foundation's reader peaked at 3.86 GB here.
        #expect(
            run.peakResidentKilobytes > 0 && run.peakResidentKilobytes < ProgramRun.memoryBound(kilobytes: 256 << 10),
            "peak \(run.peakResidentKilobytes) KB")
    }

    @Test("photos with GPano fields out of range are skipped with their reason; the rest import")
    func gpanoOutOfRange() throws {
        let source = try Self.folder()
        let output = try Self.folder().appendingPathComponent("dataset")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
        }
        let image = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 64, height: 32))
        let exif = TestPhotoMetadata.exif(latitude: 48.2, longitude: 16.37, dateTimeOriginal: "2024:06:21 10:00:00")
        let good = TestPhotoMetadata.insert([exif], into: image)
        let badPose = TestPhotoMetadata.insert([exif, TestPhotoMetadata.xmp([("PoseHeadingDegrees", "9999")])], into: image)
        let badCrop = TestPhotoMetadata.insert(
            [
                exif,
                TestPhotoMetadata.xmp([
                    ("FullPanoWidthPixels", "64"), ("FullPanoHeightPixels", "32"), ("CroppedAreaLeftPixels", "500"),
                    ("CroppedAreaTopPixels", "0"), ("CroppedAreaImageWidthPixels", "64"), ("CroppedAreaImageHeightPixels", "32")
                ])
            ], into: TestPhotoMetadata.insert([], into: try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 48, height: 32))))
        for (name, bytes) in [("good.jpg", good), ("pose.jpg", badPose), ("crop.jpg", badCrop)] {
            try Data(bytes).write(to: source.appendingPathComponent(name))
        }
        let run = try ProgramRun.sidewalk(["import", source.path, "--output", output.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("pose.jpg") && run.standardError.contains("PoseHeadingDegrees is out of range"))
        #expect(run.standardError.contains("crop.jpg") && run.standardError.contains("cropped area does not fit"))
    }
}
