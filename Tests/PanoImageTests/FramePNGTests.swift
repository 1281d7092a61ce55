import CPNG
import PanoCore
import TestSupport
import Testing

@testable import PanoImage

@Suite("Frame PNGs")
struct FramePNGTests {
    /// Noise over a gradient: every filtered byte value occurs, and rows differ.
    static func picture(width: Int, height: Int, seed: UInt32) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        var state = seed
        for i in 0..<image.pixels.count {
            state = state &* 1_664_525 &+ 1_013_904_223
            image.pixels[i] = UInt8(truncatingIfNeeded: i / 7 + Int(state >> 29))
        }
        return image
    }

    @Test(
        "libpng decodes every frame PNG to the very pixels, at any size and any number of bands (the Adler-32 and CRCs check)",
        arguments: [(1, 1, 1), (7, 3, 2), (5, 9, 8), (640, 361, 1), (640, 361, 2), (333, 200, 6)])
    func roundTrip(width: Int, height: Int, workers: Int) throws {
        let image = Self.picture(width: width, height: height, seed: UInt32(width * 31 + height))
        let png = FramePNG.encode(image, runner: PretendWorkers(width: workers))
        #expect(try ImageDecoder.decode(png, name: "frame") == image)
    }

    @Test("a flat picture (one byte value after filtering) still makes a complete code libpng accepts")
    func flatPicture() throws {
        let image = RGBImage(width: 64, height: 16, pixels: [UInt8](repeating: 200, count: 64 * 16 * 3))
        #expect(try ImageDecoder.decode(FramePNG.encode(image, runner: PretendWorkers(width: 2)), name: "flat") == image)
    }

    @Test("code lengths stay within deflate's 15 bits for frequencies that would need more, and fill the code exactly (Kraft)")
    func lengthLimit() {
        // Fibonacci frequencies make an optimal code as deep as there are symbols.
        var frequencies = [1, 1]
        while frequencies.count < 30 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
        let lengths = HuffmanDeflate.codeLengths(frequencies, limit: 15)
        #expect(lengths.max() == 15)
        #expect(lengths.allSatisfy { $0 > 0 })
        #expect(lengths.reduce(0.0) { $0 + 1 / Double(1 << $1) } == 1)
    }

    @Test("the filtered bytes are a third or less of the pixels for a smooth picture, where libpng's own are smaller still")
    func compresses() throws {
        var image = RGBImage(width: 320, height: 180)
        for y in 0..<180 { for x in 0..<320 { image[x, y] = RGB(UInt8(x * 255 / 319), UInt8(y), UInt8((x + y) / 2)) } }
        let frame = FramePNG.encode(image)
        #expect(frame.count < image.pixels.count / 3)
        #expect(try PNGEncoder.encode(image, name: "smooth").count < frame.count)
    }
}

@Suite("Adler-32")
struct Adler32Tests {
    @Test(
        "the same checksum as zlib's for lengths around the chunk and block sizes, and continued from a start",
        arguments: [0, 1, 15, 16, 17, 5535, 5536, 5537, 11_073, 100_003])
    func matchesZlib(count: Int) {
        // All 255s make the largest sums, where an overflow would show.
        for fill in [{ (i: Int) in UInt8(truncatingIfNeeded: i &* 7 &+ i >> 5) }, { _ in UInt8(255) }] {
            let bytes = (0..<count).map(fill)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(UInt(Adler32.checksum(buffer)) == sw_adler32(1, buffer.baseAddress, buffer.count))
                #expect(
                    UInt(Adler32.checksum(buffer, start: 0x1234_5678 % 65521))
                        == sw_adler32(0x1234_5678 % 65521, buffer.baseAddress, buffer.count))
            }
        }
    }
}
