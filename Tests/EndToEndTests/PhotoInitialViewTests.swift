import Foundation
import PanoImage
import TestSupport
import Testing

/// A 360° photo opens where its GPano metadata says to look first, as wide as it says.
@Suite("Photos' initial view")
struct PhotoInitialViewTests {
    @Test(
        "InitialViewHeadingDegrees, InitialViewPitchDegrees and InitialHorizontalFOVDegrees set the starting camera; --heading and --zoom win"
    )
    func initialView() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-initial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gpano = [
            ("ProjectionType", "equirectangular"), ("InitialViewHeadingDegrees", "120"), ("InitialViewPitchDegrees", "-10"),
            ("InitialHorizontalFOVDegrees", "45")
        ]
        let photo = TestPhotoMetadata.insert(
            [TestPhotoMetadata.xmp(gpano)], into: try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 256, height: 128)))
        let path = folder.appendingPathComponent("wide.jpg").path
        try Data(photo).write(to: URL(fileURLWithPath: path))
        let url = { (flags: [String]) throws -> String in
            let run = try ProgramRun.sidewalk([path, "--headless", "--keys", "u"] + flags)
            #expect(run.status == 0, "\(run.standardError)")
            return run.standardOutput.split(separator: "\n").first { $0.hasPrefix("sidewalk://") }.map(String.init) ?? run.standardOutput
        }
        #expect(try url([]).contains("heading=120&pitch=-10&fov=45&dataset="), "the image is named, so the URL reopens it")
        #expect(try url(["--zoom", "1"]).contains("heading=120&pitch=-10&fov=90"), "--zoom sets the width")
        #expect(try url(["--heading", "30"]).contains("heading=30&pitch=0&fov=45"), "--heading sets the direction only")
    }
}
