import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

@Suite("Image decoding and encoding")
struct ImageCodecTests {
    private func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test("PNG encode then decode returns the same pixels")
    func pngRoundTrip() throws {
        let image = SyntheticPanorama.gradient(width: 37, height: 19)
        let bytes = try PNGEncoder.encode(image, name: "memory")
        #expect(try ImageDecoder.decode(bytes, name: "memory") == image)
    }

    @Test("a missing file, an empty file and a text file named .jpg each get their own error")
    func badFiles() throws {
        #expect(throws: ImageError.notFound(path: "/nonexistent/x.jpg")) { try ImageDecoder.decodeFile("/nonexistent/x.jpg") }
        let empty = try temporaryFile("empty.png", [])
        #expect(throws: ImageError.empty(path: empty)) { try ImageDecoder.decodeFile(empty) }
        let text = try temporaryFile("text.jpg", Array("hello, not an image\n".utf8))
        #expect(throws: ImageError.unknownFormat(path: text)) { try ImageDecoder.decodeFile(text) }
    }

    @Test("a truncated PNG and a truncated JPEG are reported as corrupt")
    func truncated() throws {
        let png = try PNGEncoder.encode(SyntheticPanorama.gradient(width: 64, height: 32), name: "memory")
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(png.prefix(png.count / 2)), name: "half.png") }
        #expect(error?.description.hasPrefix("half.png: corrupt PNG") == true)
        let jpegHeader: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]
        let jpegError = #expect(throws: ImageError.self) { try ImageDecoder.decode(jpegHeader, name: "cut.jpg") }
        #expect(jpegError?.description.hasPrefix("cut.jpg: corrupt JPEG") == true)
    }

    @Test("a PNG claiming 60000×60000 pixels is refused before decoding")
    func hugePNGRefused() throws {
        var png = try PNGEncoder.encode(RGBImage(width: 1, height: 1), name: "memory")
        // IHDR data starts at byte 16: width and height, big-endian; then fix the chunk's CRC.
        let side: [UInt8] = [0x00, 0x00, 0xEA, 0x60]
        png.replaceSubrange(16..<20, with: side)
        png.replaceSubrange(20..<24, with: side)
        let crc = CRC32.checksum(png[12..<29])
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(png, name: "huge.png") }
        #expect(error?.description.hasPrefix("huge.png: ") == true)
        if case .corrupt = error { Issue.record("should be reported as too large, not corrupt: \(error!)") }
    }

    @Test("an image that is not 2:1 is not accepted as a panorama")
    func aspectChecked() throws {
        let path = try temporaryFile("square.png", try PNGEncoder.encode(RGBImage(width: 40, height: 40), name: "memory"))
        #expect(throws: PanoramaError.notEquirectangular(path: path, width: 40, height: 40)) { try PanoramaLoader.load(path) }
    }
}

/// CRC-32 (ISO 3309, as PNG uses), for tests that edit PNG chunks.
enum CRC32 {
    static func checksum<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

@Suite("JPEG decoding")
struct JPEGDecodingTests {
    @Test("baseline, progressive and greyscale JPEGs decode to nearly the pixels encoded")
    func variants() throws {
        let image = SyntheticPanorama.gradient(width: 64, height: 32)
        for (progressive, grayscale) in [(false, false), (true, false), (false, true)] {
            let bytes = try JPEGEncoder.encode(image, quality: 95, progressive: progressive, grayscale: grayscale)
            let decoded = try ImageDecoder.decode(bytes, name: "memory")
            #expect(decoded.width == 64 && decoded.height == 32)
            if grayscale {
                #expect(decoded.pixels.indices.allSatisfy { $0 % 3 != 0 || (decoded.pixels[$0] == decoded.pixels[$0 + 1] && decoded.pixels[$0] == decoded.pixels[$0 + 2]) })
            } else {
                #expect(ImageMetrics.psnr(decoded, image) > 30, "progressive: \(progressive)")
            }
        }
    }

    @Test("with a minimum width a JPEG decodes at the smallest DCT scale that keeps it", arguments: [
        (512, 512), (300, 512), (256, 256), (200, 256), (129, 256), (128, 128), (64, 64), (10, 64),
    ])
    func reducedScale(minimumWidth: Int, expectedWidth: Int) throws {
        let bytes = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 512, height: 256))
        let decoded = try ImageDecoder.decode(bytes, name: "memory", minimumWidth: minimumWidth)
        #expect(decoded.width == expectedWidth && decoded.height == expectedWidth / 2)
    }
}
