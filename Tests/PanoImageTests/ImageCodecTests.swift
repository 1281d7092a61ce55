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
        #expect(throws: ImageError.file(.notFound(path: "/nonexistent/x.jpg"))) { try ImageDecoder.decodeFile("/nonexistent/x.jpg") }
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
        let png = LyingHeaders.png(
            try PNGEncoder.encode(RGBImage(width: 1, height: 1), name: "memory"), claimingWidth: 60000, height: 60000)
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
                #expect(
                    decoded.pixels.indices.allSatisfy {
                        $0 % 3 != 0 || (decoded.pixels[$0] == decoded.pixels[$0 + 1] && decoded.pixels[$0] == decoded.pixels[$0 + 2])
                    })
            } else {
                #expect(ImageMetrics.psnr(decoded, image) > 30, "progressive: \(progressive)")
            }
        }
    }

    @Test("CMYK and YCCK JPEGs (Adobe, inverted) decode to the colours encoded", arguments: [JPEGEncoder.Storage.cmyk, .ycck])
    func cmyk(storage: JPEGEncoder.Storage) throws {
        let image = SyntheticPanorama.gradient(width: 64, height: 32)
        let bytes = try JPEGEncoder.encode(image, quality: 95, storage: storage)
        let decoded = try ImageDecoder.decode(bytes, name: "print.jpg")
        #expect(ImageMetrics.psnr(decoded, image) > 30)
    }

    @Test(
        "with a minimum width a JPEG decodes at the smallest DCT scale that keeps it",
        arguments: [
            (512, 512), (300, 512), (256, 256), (200, 256), (129, 256), (128, 128), (64, 64), (10, 64)
        ])
    func reducedScale(minimumWidth: Int, expectedWidth: Int) throws {
        let bytes = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 512, height: 256))
        let decoded = try ImageDecoder.decode(bytes, name: "memory", minimumWidth: minimumWidth)
        #expect(decoded.width == expectedWidth && decoded.height == expectedWidth / 2)
    }
}

@Suite("PNG variants")
struct PNGVariantTests {
    static let width = 13
    static let height = 7

    /// The colour every variant below encodes at (x, y), as 8-bit RGB.
    static func colour(_ x: Int, _ y: Int) -> RGB {
        RGB(UInt8(x * 19), UInt8(y * 36), UInt8((x * y * 7) % 256))
    }

    static func expected() -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = colour(x, y) } }
        return image
    }

    @Test("8-bit RGB, interlaced or not, and 16-bit RGB decode exactly", arguments: [(8, false), (8, true), (16, false), (16, true)])
    func rgb(bitDepth: Int, interlaced: Bool) throws {
        let png = TestPNG.encode(width: Self.width, height: Self.height, colorType: .rgb, bitDepth: bitDepth, interlaced: interlaced) {
            x, y in
            let c = Self.colour(x, y)
            return [Int(c.r), Int(c.g), Int(c.b)].map { bitDepth == 16 ? $0 * 257 : $0 }
        }
        #expect(try ImageDecoder.decode(png, name: "memory.png") == Self.expected())
    }

    @Test("grey becomes equal channels; grey with alpha is composited onto black")
    func grey() throws {
        let png = TestPNG.encode(width: 4, height: 2, colorType: .grey) { x, _ in [x * 60] }
        let image = try ImageDecoder.decode(png, name: "grey.png")
        #expect(image[3, 1] == RGB(180, 180, 180))
        let withAlpha = TestPNG.encode(width: 2, height: 1, colorType: .greyAlpha) { x, _ in [200, x == 0 ? 255 : 128] }
        let blended = try ImageDecoder.decode(withAlpha, name: "grey-alpha.png")
        #expect(blended[0, 0] == RGB(200, 200, 200))
        #expect(blended[1, 0] == RGB(100, 100, 100))
    }

    @Test("a palette with transparency: opaque entries keep their colour, transparent ones become black")
    func paletteWithTransparency() throws {
        let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (10, 200, 30), (0, 0, 250)]
        let png = TestPNG.encode(width: 3, height: 1, colorType: .palette, palette: palette, transparency: [255, 255, 0]) { x, _ in [x] }
        let image = try ImageDecoder.decode(png, name: "palette.png")
        #expect(image[0, 0] == RGB(255, 0, 0))
        #expect(image[1, 0] == RGB(10, 200, 30))
        #expect(image[2, 0] == .black)
    }

    @Test("RGBA with half transparency is composited onto black")
    func rgba() throws {
        let png = TestPNG.encode(width: 1, height: 1, colorType: .rgba, bitDepth: 16) { _, _ in [65535, 32768, 0, 32896] }
        #expect(try ImageDecoder.decode(png, name: "rgba.png")[0, 0] == RGB(128, 64, 0))
    }
}

@Suite("JPEG limits")
struct JPEGLimitTests {
    @Test("a JPEG header claiming 60000×60000 pixels is refused as too large before decoding")
    func hugeHeader() throws {
        let jpeg = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 16, height: 8))
        let huge = LyingHeaders.jpeg(jpeg, claimingWidth: 60000, height: 60000)
        #expect(ImageDecoder.jpegSize(huge)! == (60000, 60000))
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(huge, name: "huge.jpg") }
        guard case .dimensionsTooLarge(let path, let detail) = error else {
            Issue.record("expected dimensionsTooLarge, got \(String(describing: error))")
            return
        }
        #expect(path == "huge.jpg" && detail.contains("60000x60000"))
    }

    @Test("a progressive JPEG with more scans than allowed is refused")
    func scanCap() throws {
        let progressive = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 64, height: 32), progressive: true)
        var limits = DecodeLimits.standard
        limits.maxScans = 2
        #expect(throws: ImageError.tooManyScans(path: "many-scans.jpg")) {
            try ImageDecoder.decode(progressive, name: "many-scans.jpg", limits: limits)
        }
        #expect(try ImageDecoder.decode(progressive, name: "ok.jpg").width == 64, "the standard cap lets it through")
    }
}

@Suite("Decoding within the memory budget")
struct ScaledDecodeTests {
    @Test("an image over maxDecodedPixels is decoded scaled down, PNG by averaging its rows as they arrive, JPEG by DCT scaling")
    func scaledToBudget() throws {
        let png = TestPNG.encode(width: 64, height: 32, colorType: .rgb) { x, y in [x * 4, y * 8, 100] }
        var limits = DecodeLimits.standard
        limits.maxDecodedPixels = 32 * 16
        let (image, scale) = try ImageDecoder.decodeScaled(png, name: "p.png", limits: limits)
        #expect(scale == 2 && image.width == 32 && image.height == 16)
        // Box (2,3) covers x 4...5 and y 6...7: red (16+20)/2 = 18, green (48+56)/2 = 52.
        #expect(image[2, 3] == RGB(18, 52, 100))
        limits.maxDecodedPixels = 8 * 4
        #expect(try ImageDecoder.decodeScaled(png, name: "p.png", limits: limits).image.width == 8)

        let jpeg = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 64, height: 32))
        limits.maxDecodedPixels = 16 * 8
        let decoded = try ImageDecoder.decodeScaled(jpeg, name: "p.jpg", limits: limits)
        #expect(decoded.scale == 4 && decoded.image.width == 16 && decoded.image.height == 8)
    }

    @Test("an interlaced PNG, which cannot be scaled as it is read, is decoded whole only within the budget")
    func interlaced() throws {
        let png = TestPNG.encode(width: 64, height: 32, colorType: .rgb, interlaced: true) { x, y in [x, y, 0] }
        #expect(try ImageDecoder.decode(png, name: "i.png").width == 64)
        var limits = DecodeLimits.standard
        limits.maxDecodedPixels = 32 * 16
        #expect(throws: ImageError.self) { try ImageDecoder.decode(png, name: "i.png", limits: limits) }
    }

    @Test("the scale asked for by minimumWidth never goes above the budget's")
    func preferenceAndCap() {
        var limits = DecodeLimits.standard
        limits.maxDecodedPixels = 4096 * 2048
        #expect(ImageDecoder.scaleDenominator(width: 16384, height: 8192, minimumWidth: nil, limits: limits) == 4)
        #expect(ImageDecoder.scaleDenominator(width: 16384, height: 8192, minimumWidth: 16384, limits: limits) == 4)
        #expect(ImageDecoder.scaleDenominator(width: 16384, height: 8192, minimumWidth: 1000, limits: limits) == 8)
        #expect(ImageDecoder.scaleDenominator(width: 2048, height: 1024, minimumWidth: 2048, limits: limits) == 1)
    }

    @Test("memory is asked for before decoding: a refusal is an error naming the file, not an abort later")
    func memoryAskedFirst() throws {
        let png = TestPNG.encode(width: 64, height: 32, colorType: .rgb) { x, y in [x, y, 0] }
        var asked: [Int] = []
        #expect(throws: ImageError.outOfMemory(path: "p.png")) {
            try ImageDecoder.decodeScaled(
                png, name: "p.png",
                canAllocate: {
                    asked.append($0)
                    return false
                })
        }
        #expect(asked == [64 * 32 * ImageDecoder.bytesPerDecodedPixel])
        #expect(
            ImageError.outOfMemory(path: "p.png").description
                == "p.png: not enough memory to decode it (is a memory limit such as ulimit -v set?)")
        #expect(MemoryProbe.canAllocate(1 << 20))
    }

    @Test("a header claiming 4294967295×4294967295 is refused, not a trap (fuzzing found the scale's product overflowing)")
    func hugeHeader() throws {
        #expect(ImageDecoder.scaleDenominator(width: 4_294_967_295, height: 4_294_967_295, minimumWidth: nil, limits: .standard) == 1)
        let finding = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent(
            "Tests/FuzzCorpus/png/finding-header-overflows-scale.png")
        let bytes = [UInt8](try Data(contentsOf: finding))
        #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes, name: "finding.png") }
    }
}
