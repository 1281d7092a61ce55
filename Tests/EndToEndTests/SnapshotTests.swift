import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

@Suite("sidewalk snapshot")
struct SnapshotTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-snap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("writes a WxH PNG of the view the camera flags ask for", arguments: [
        (90.0, 0.0, SyntheticPanorama.east), (180, 0, SyntheticPanorama.south), (0, 70, SyntheticPanorama.up),
    ] as [(Double, Double, RGB)])
    func writesTheView(heading: Double, pitch: Double, expected: RGB) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("cardinal.png").path
        try PNGEncoder.write(SyntheticPanorama.cardinal(width: 512).pyramid.image(level: 0), to: source)
        let output = directory.appendingPathComponent("view.png").path
        let run = try ProgramRun.sidewalk([
            "snapshot", source, "--heading", "\(heading)", "--pitch", "\(pitch)", "--zoom", "2", "--fov", "60",
            "--size", "64x48", "--output", output,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let view = try ImageDecoder.decodeFile(output)
        #expect(view.width == 64 && view.height == 48)
        #expect(view[32, 24] == expected)
    }

    @Test("bad snapshot command lines get one line and status 2", arguments: [
        ["snapshot"], ["snapshot", "a.png"], ["snapshot", "a.png", "--output", "x.jpg"],
        ["snapshot", "a.png", "--output", "x.png", "--size", "0x10"], ["snapshot", "a.png", "--output", "x.png", "--size", "big"],
        ["snapshot", "a.png", "--output", "x.png", "--bogus"],
    ])
    func usageErrors(arguments: [String]) throws {
        let run = try ProgramRun.sidewalk(arguments)
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1)
    }

    @Test("a snapshot of a missing image fails with one line and writes nothing")
    func missingImage() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("view.png").path
        let run = try ProgramRun.sidewalk(["snapshot", "/nonexistent.png", "--output", output])
        #expect(run.status == 1)
        #expect(run.errorLines == ["sidewalk: /nonexistent.png: no such file"])
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
