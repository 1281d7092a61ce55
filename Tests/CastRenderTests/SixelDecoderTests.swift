import CastRender
import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

/// The sixel decoder against an encoder nobody here wrote (libsixel's img2sixel) and the
/// VT340's documented colours.
@Suite("Reading sixels")
struct SixelDecoderTests {
    @Test("img2sixel's encoding of a 16-colour picture decodes to the picture: every pixel nearest its own colour, within 10 levels")
    func libsixel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-sixel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let colours: [RGB] = (0..<16).map { (index: Int) -> RGB in
            RGB(UInt8(index * 17), UInt8(255 - index * 16), UInt8((index * 97) % 256))
        }
        var image = RGBImage(width: 53, height: 29)
        for y in 0..<image.height {
            for x in 0..<image.width { image[x, y] = colours[(x / 3 + y / 2 * 5) % 16] }
        }
        let png = folder.appendingPathComponent("in.png").path
        #expect(FileManager.default.createFile(atPath: png, contents: Data(try PNGEncoder.encode(image, name: png))))
        let run = try Subprocess.run(["img2sixel", "--colors=16", "--diffusion=none", png])
        #expect(run.status == 0)
        let decoded = try #require(SixelDecoder.decodeSequence(run.standardOutput.trimmingTrailingNewline))
        #expect(decoded.image.width == 53 && decoded.image.height == 29)
        // libsixel fits its own palette (its 0;97;0 for 0;255;0), so each decoded pixel is held
        // to the colour it stands for: the nearest of the 16, and close to it.
        var wrong = 0
        for y in 0..<29 {
            for x in 0..<53 {
                let got = decoded.image[x, y]
                let distance = { (colour: RGB) in
                    max(abs(Int(colour.r) - Int(got.r)), abs(Int(colour.g) - Int(got.g)), abs(Int(colour.b) - Int(got.b)))
                }
                let nearest = colours.min { distance($0) < distance($1) }!
                if nearest != image[x, y] || distance(nearest) > 10 { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test("HLS colours as the VT340's default map gives them (programmer reference, table 2-3): hue 0 is blue")
    func hls() throws {
        // Register: HLS as documented, and the RGB percent the same table gives.
        let table: [(Int, (Int, Int, Int), (Int, Int, Int))] = [
            (1, (0, 49, 59), (20, 20, 80)), (2, (120, 46, 72), (80, 13, 13)), (3, (240, 49, 59), (20, 80, 20)),
            (4, (60, 49, 59), (80, 20, 80)), (5, (300, 49, 59), (20, 80, 80)), (6, (180, 49, 59), (80, 80, 20))
        ]
        for (register, hls, percent) in table {
            let sequence = Array("\u{1B}Pq#\(register);1;\(hls.0);\(hls.1);\(hls.2)#\(register)~\u{1B}\\".utf8)
            let pixel = try #require(SixelDecoder.decodeSequence(sequence)).image[0, 0]
            let expected = [percent.0, percent.1, percent.2].map { Double($0) * 2.55 }
            let got = [Double(pixel.r), Double(pixel.g), Double(pixel.b)]
            #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 6 }, "register \(register): \(pixel) for \(percent)%")
        }
    }

    @Test("the size is the raster attributes' or what was painted, whichever is more; repeats and $ overpaint")
    func size() throws {
        let bytes = Array("\u{1B}P0;1;0q\"1;1;4;3#1;2;100;0;0!6~$#2;2;0;100;0~-#1@\u{1B}\\".utf8)
        let picture = try #require(SixelDecoder.decodeSequence(bytes))
        #expect(picture.image.width == 6 && picture.image.height == 7)
        #expect(picture.image[0, 0] == RGB(0, 255, 0) && picture.image[5, 5] == RGB(255, 0, 0) && picture.image[0, 6] == RGB(255, 0, 0))
        #expect(picture.painted?[6 * 6 + 1] == false, "P2=1: a pixel no sixel set is not painted")
    }
}

extension [UInt8] {
    var trimmingTrailingNewline: [UInt8] { last == 0x0A ? Array(dropLast()) : self }
}
