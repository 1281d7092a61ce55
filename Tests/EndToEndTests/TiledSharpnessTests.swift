import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

/// A photo cut into tiles by `sidewalk tile` must look as sharp as the photo itself: the tiles'
/// own coding may not cost what a user would see.
@Suite("Tiled photos as sharp as plain ones")
struct TiledSharpnessTests {
    /// A 1024×512 photo-like panorama stored losslessly, and the dataset `tile` makes of it.
    static func photoAndTiles(in folder: URL) throws -> (photo: String, tiles: String) {
        let photo = folder.appendingPathComponent("street.png").path
        try Data(try PNGEncoder.encode(NaturalTexture.panorama(width: 1024), name: photo)).write(to: URL(fileURLWithPath: photo))
        let tiles = folder.appendingPathComponent("tiled").path
        let run = try ProgramRun.sidewalk(["tile", photo, "--output", tiles])
        try #require(run.status == 0, "\(run.standardError)")
        return (photo, tiles)
    }

    static func view(_ source: String, _ options: [String], in folder: URL) throws -> RGBImage {
        let output = folder.appendingPathComponent("view-\(UUID().uuidString).png").path
        let run = try ProgramRun.sidewalk(["snapshot", source] + options + ["--no-cache", "--output", output])
        try #require(run.status == 0, "\(run.standardError)")
        return try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: output))), name: output)
    }

    @Test("snapshots of a tiled photo and of the photo agree to 40 dB at every zoom, pitch and heading")
    func tiledPhotoIsSharp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-sharp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (photo, tiles) = try Self.photoAndTiles(in: folder)
        let views = [
            ("320x180", "1", "0", "0"), ("320x180", "2", "170", "35"), ("320x180", "4", "300", "-20"), ("800x450", "1", "90", "10")
        ]
        for (size, zoom, heading, pitch) in views {
            let options = ["--size", size, "--zoom", zoom, "--heading", heading, "--pitch", pitch]
            let plain = try Self.view(photo, options, in: folder)
            let tiled = try Self.view(tiles, options, in: folder)
            let psnr = ImageMetrics.psnr(plain, tiled)
            #expect(psnr >= 40, "\(size) at zoom \(zoom), heading \(heading), pitch \(pitch): \(psnr) dB")
        }
    }
}
