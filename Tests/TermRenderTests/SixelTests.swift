import CastRender
import Foundation
import PanoCore
import TermRender
import TestSupport
import Testing

@Suite("Sixels: a palette fitted to each frame, a dither anchored to the screen, and the encoding")
struct SixelTests {
    /// A photo-like test image: smooth gradients in all three channels and a few hard edges.
    static func gradient(width: Int = 97, height: Int = 41) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let edge = x > width / 2 && y < height / 3
                image[x, y] = RGB(UInt8(x * 255 / (width - 1)), UInt8(edge ? 20 : y * 255 / (height - 1)), UInt8((x + y) % 256))
            }
        }
        return image
    }

    @Test("an image of few colours keeps each of them, to sixel's whole percents")
    func fewColoursKept() {
        var image = RGBImage(width: 12, height: 7)
        let colours = [RGB(255, 0, 0), RGB(0, 128, 255), RGB(30, 30, 30), RGB(250, 250, 240)]
        for y in 0..<7 { for x in 0..<12 { image[x, y] = colours[(x / 3 + y) % 4] } }
        let paletted = PalettedImage(image, colours: 16, dithered: false)
        #expect(paletted.palette.count == 4)
        let shown = paletted.shown
        for y in 0..<7 {
            for x in 0..<12 {
                let (want, got) = (image[x, y], shown[x, y])
                #expect(
                    abs(Int(want.r) - Int(got.r)) <= 2 && abs(Int(want.g) - Int(got.g)) <= 2 && abs(Int(want.b) - Int(got.b)) <= 2,
                    "(\(x), \(y)): \(want) shown as \(got)")
            }
        }
    }

    @Test("a palette never holds more colours than asked, and more colours come closer", arguments: [2, 16, 64, 256])
    func paletteSize(count: Int) {
        let image = Self.gradient()
        let paletted = PalettedImage(image, colours: count, dithered: false)
        #expect(paletted.palette.count <= count && paletted.palette.count >= min(count, 2))
        #expect(paletted.indices.allSatisfy { Int($0) < paletted.palette.count })
        if count < 256 {
            let finer = PalettedImage(image, colours: count * 4, dithered: false)
            #expect(ImageMetrics.psnr(finer.shown, image) > ImageMetrics.psnr(paletted.shown, image))
        }
    }

    @Test("an empty image gets a palette of black and no pixels")
    func emptyImage() throws {
        let paletted = PalettedImage(RGBImage(width: 0, height: 0), colours: 256, dithered: true)
        #expect(paletted.palette == [.black] && paletted.indices.isEmpty)
    }

    @Test(
        "the dither is the same for the same pixels (a still camera never flickers), mixes the two nearest colours, and repeats every 8 pixels"
    )
    func ditherStaysPut() {
        let image = Self.gradient()
        let palette = AdaptivePalette(fitting: image, count: 32).colours
        #expect(
            PalettedImage(image, palette: palette, dithered: true).indices == PalettedImage(image, palette: palette, dithered: true).indices
        )
        // A flat colour between two palette entries is dithered into both, in the Bayer pattern.
        var flat = RGBImage(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { flat[x, y] = RGB(100, 100, 100) } }
        let twoGreys = [RGB(97, 97, 97), RGB(105, 105, 105)]
        let dithered = PalettedImage(flat, palette: twoGreys, dithered: true)
        let counts = (0..<2).map { entry in dithered.indices.filter { $0 == entry }.count }
        #expect(counts[0] > 0 && counts[1] > 0, "\(counts)")
        #expect(PalettedImage(flat, palette: twoGreys, dithered: false).indices.allSatisfy { $0 == 0 })
        // The pattern belongs to the screen: the 8×8 tile repeats.
        let indices = dithered.indices
        let repeated = (0..<64).allSatisfy { (cell: Int) -> Bool in
            let (x, y) = (cell % 8, cell / 8)
            return indices[y * 16 + x] == indices[(y + 8) * 16 + x + 8]
        }
        #expect(repeated)
    }

    @Test(
        "the encoding draws back exactly the paletted pixels, in bands of six rows, with repeats",
        arguments: [[97, 41], [5, 6], [2, 2], [300, 13]])
    func roundTrip(size: [Int]) throws {
        let image = Self.gradient(width: size[0], height: size[1])
        let paletted = PalettedImage(image, colours: 64, dithered: true)
        let bytes = SixelEncoder.encode(paletted)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)#0;2;"), "transparent zeros, square pixels, the size")
        #expect(text.hasSuffix("\u{1B}\\"))
        #expect(SixelDecoder.decodeSequence(bytes)?.image == paletted.shown)
    }

    @Test("a flat area costs a repeat, not a character per column")
    func repeats() throws {
        var image = RGBImage(width: 500, height: 6)
        for y in 0..<6 { for x in 0..<500 { image[x, y] = RGB(10, 200, 30) } }
        let bytes = SixelEncoder.encode(PalettedImage(image, colours: 256, dithered: false))
        #expect(bytes.count < 60, "\(String(decoding: bytes, as: UTF8.self))")
        #expect(String(decoding: bytes, as: UTF8.self).contains("!500~"))
    }

    @Test("iTerm2 images: the PNG in base64 over the view's cells, stretched, ended by BEL")
    func iTermImage() throws {
        let png = Array("not really a png but bytes".utf8)
        let text = String(decoding: ITermImage.place(png: png, row: 1, column: 0, columns: 80, rows: 22), as: UTF8.self)
        #expect(
            text.hasPrefix(
                "\u{1B}[2;1H\u{1B}]1337;File=inline=1;size=\(png.count);width=80;height=22;preserveAspectRatio=0;doNotMoveCursor=1:"))
        #expect(text.hasSuffix("\u{7}"))
        let payload = text.components(separatedBy: ":").last!.dropLast()
        #expect(Data(base64Encoded: String(payload)).map { [UInt8]($0) } == png)
    }
}
