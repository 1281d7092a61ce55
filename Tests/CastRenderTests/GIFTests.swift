import CastRender
import Foundation
import PanoCore
import TestSupport
import Testing

/// GIFs read back by ImageMagick, a decoder nobody here wrote: every pixel of every frame.
@Suite("Writing GIFs")
struct GIFTests {
    /// ImageMagick's frames of `pieces`, composed as a viewer shows them, as raw RGB.
    static func decoded(_ pieces: [[UInt8]], width: Int, height: Int) throws -> [[UInt8]] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-\(UUID().uuidString).gif").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(pieces.flatMap { $0 })))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Subprocess.run(["convert", path, "-coalesce", "-depth", "8", "rgb:-"])
        #expect(run.status == 0, "\(String(decoding: run.standardError, as: UTF8.self))")
        let frame = width * height * 3
        return stride(from: 0, to: run.standardOutput.count, by: frame).map {
            Array(run.standardOutput[$0..<min($0 + frame, run.standardOutput.count)])
        }
    }

    @Test("frames of many colours (the LZW table fills and clears many times), few colours, and a frame that changes a corner")
    func frames() throws {
        var generator = SeededGenerator(seed: 7)
        var noisy = RGBImage(width: 211, height: 97)
        for index in noisy.pixels.indices { noisy.pixels[index] = UInt8.random(in: 0...255, using: &generator) & 0xF0 }
        var flat = RGBImage(width: 211, height: 97)
        for y in 0..<97 {
            for x in 0..<211 { flat[x, y] = [RGB(10, 20, 30), RGB(200, 0, 0), RGB(0, 0, 250)][(x / 7 + y / 5) % 3] }
        }
        var corner = flat
        for y in 80..<97 {
            for x in 190..<211 { corner[x, y] = RGB(255, 255, 0) }
        }
        var animation = GIFAnimation(width: 211, height: 97)
        // Taken as it is made, as `sidewalk render` writes it.
        var pieces: [[UInt8]] = []
        for (index, image) in [flat, corner, corner, noisy].enumerated() {
            animation.add(image, at: Double(index) * 0.5)
            pieces += animation.takeReady()
        }
        pieces += animation.finish(at: 3)
        #expect(animation.frames == 3, "the repeated frame only lengthens the one before")
        let frames = try Self.decoded(pieces, width: 211, height: 97)
        #expect(frames.count == 3)
        #expect(frames[0] == flat.pixels && frames[1] == corner.pixels, "few colours are kept exactly")
        // 4096 colours: each pixel shows its palette entry, as the encoder chose it.
        let change = try #require(GIFAnimation.change(from: corner, to: noisy))
        var shown = corner
        for y in 0..<change.rect.height {
            for x in 0..<change.rect.width where change.indices[y * change.rect.width + x] != change.transparent {
                shown[change.rect.x + x, change.rect.y + y] = change.palette[Int(change.indices[y * change.rect.width + x])]
            }
        }
        #expect(frames[2] == shown.pixels)
    }

    @Test("the second frame holds only the rectangle that changed")
    func smallChange() throws {
        var first = RGBImage(width: 64, height: 64)
        for index in first.pixels.indices { first.pixels[index] = UInt8(index % 251) }
        var second = first
        second[10, 20] = RGB(1, 2, 3)
        second[12, 21] = RGB(4, 5, 6)
        let change = try #require(GIFAnimation.change(from: first, to: second))
        #expect(change.rect.x == 10 && change.rect.y == 20 && change.rect.width == 3 && change.rect.height == 2)
        #expect(change.indices.filter { $0 == change.transparent }.count == 4)
        #expect(GIFAnimation.change(from: second, to: second) == nil)
    }
}
