import Foundation
import TestSupport
import Testing

/// `sidewalk import panoramax:...` against a server that lists pictures twice, pages in a loop,
/// gives ids that clean to one file name and images that are no JPEG (PanoramaxFixture's hostile
/// areas): each picture once, in a file of its own, images written as they arrive, and nothing
/// left behind when the import fails.
@Suite("Panoramax import, hostile server")
struct PanoramaxHostileImportTests {
    private static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-import-\(UUID().uuidString)")
    }

    /// `sidewalk import` of the pictures inside `box` from `server` into `output`, and more arguments.
    private static func importArea(_ box: String, from server: PanoramaxFixture, into output: URL, _ more: [String] = []) throws
        -> ProgramRun
    {
        try ProgramRun.sidewalk(["import", server.dataset, "--bbox", box, "--output", output.path] + more, timeLimit: 120)
    }

    private static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test("a search that lists each picture three times imports each once")
    func listedTwice() throws {
        let output = Self.folder()
        defer { try? FileManager.default.removeItem(at: output) }
        let server = try PanoramaxFixture()
        let run = try Self.importArea(PanoramaxFixture.echoBox, from: server, into: output)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("imported 3 panoramas"), "\(run.standardOutput)")
        let info = try ProgramRun.sidewalk(["info", output.path])
        #expect(info.status == 0 && info.standardOutput.contains("panoramas:  3 "), "\(info.standardOutput)\(info.standardError)")
    }

    @Test("ids that clean to one name keep files of their own; an image that is no JPEG, or cut short, is skipped and leaves nothing")
    func namesAndBrokenImages() throws {
        let output = Self.folder()
        defer { try? FileManager.default.removeItem(at: output) }
        let server = try PanoramaxFixture()
        let run = try Self.importArea(PanoramaxFixture.namesBox, from: server, into: output)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.hasPrefix("imported 2 panoramas") && run.standardOutput.hasSuffix("skipped 2\n"), "\(run.standardOutput)")
        #expect(run.standardError.contains("skipped corrupt: ") && run.standardError.contains("sd.jpg: not a JPEG or PNG image"))
        #expect(
            run.standardError.contains("skipped truncated: ") && run.standardError.contains("could not be tiled"), "\(run.standardError)")
        let images = output.appendingPathComponent("images")
        #expect(Self.names(in: images) == ["x.y.jpg", "x_y.jpg"])
        #expect(Self.names(in: output.appendingPathComponent("tiles")) == ["x.y", "x_y"])
        let first = try Data(contentsOf: images.appendingPathComponent("x.y.jpg"))
        let second = try Data(contentsOf: images.appendingPathComponent("x_y.jpg"))
        #expect(first != second, "each picture's own image")
    }

    @Test("a sequence whose pages lead back to themselves is refused in one line, and nothing is written")
    func pagingLoop() throws {
        let output = Self.folder()
        let server = try PanoramaxFixture()
        let run = try ProgramRun.sidewalk(
            ["import", server.dataset, "--sequence", PanoramaxFixture.loopingSequence, "--output", output.path], timeLimit: 120)
        #expect(run.status == 1)
        #expect(run.standardError.hasSuffix("the next page leads back to a page already read\n"), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("an import that fails after its images arrived takes back all it wrote, and leaves what was there")
    func failureTakesBack() throws {
        let output = Self.folder()
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // A file where the tiles' folder goes: the first tile fails to be written.
        try Data("mine\n".utf8).write(to: output.appendingPathComponent("tiles"))
        let server = try PanoramaxFixture()
        let run = try Self.importArea(PanoramaxFixture.echoBox, from: server, into: output, ["--force"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot write the dataset: ") && run.standardError.contains("tiles"), "\(run.standardError)")
        #expect(Self.names(in: output) == ["tiles"], "\(Self.names(in: output))")
        #expect(try Data(contentsOf: output.appendingPathComponent("tiles")) == Data("mine\n".utf8))
    }

    @Test("images are written as they arrive: 150 images of 1 MB are never held at once")
    func imagesStream() throws {
        let output = Self.folder()
        defer { try? FileManager.default.removeItem(at: output) }
        let server = try PanoramaxFixture()
        let run = try ProgramRun.sidewalk(
            ["import", server.dataset, "--bbox", PanoramaxFixture.bigBox, "--output", output.path], measuringMemory: true, timeLimit: 300)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("imported \(PanoramaxFixture.bigCount) panoramas"), "\(run.standardOutput)")
        // Before, every image was held until all had arrived: 207 MB for these 150 MB.
        let bound = ProgramRun.memoryBound(kilobytes: 128 * 1024, sanitized: 12)
        #expect(run.peakResidentKilobytes < bound, "peak \(run.peakResidentKilobytes / 1024) MB")
    }
}
