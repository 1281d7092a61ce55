import PanoCore

/// An image as palette indices, for sixel: each pixel the nearest of the palette's colours,
/// optionally after ordered dithering. The dither pattern is a Bayer 8×8 matrix anchored to the
/// image's pixel grid, which is the screen's, so a still camera gets the same pixels every frame
/// and the pattern does not crawl while the picture moves under it (`sidewalk bench flicker`).
public struct PalettedImage: Sendable {
    public let width: Int
    public let height: Int
    public let palette: [RGB]
    /// `width * height` indices into `palette`, row-major from the top-left.
    public let indices: [UInt8]

    /// The dither's reach either side of a colour, in channel levels (0...255).
    public static let ditherAmplitude = 6

    /// `image` in a palette of at most `colours` (1...256) fitted to it, dithered or not.
    public init(_ image: RGBImage, colours: Int, dithered: Bool) {
        let palette = AdaptivePalette(fitting: image, count: colours).colours
        self.init(image, palette: palette, dithered: dithered)
    }

    /// `image` in `palette` (1...256 colours).
    public init(_ image: RGBImage, palette: [RGB], dithered: Bool) {
        precondition((1...256).contains(palette.count), "a palette holds 1...256 colours")
        width = image.width
        height = image.height
        self.palette = palette
        var nearest = [Int16](repeating: -1, count: 1 << 15)
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        let offsets = dithered ? Self.ditherOffsets : [Int](repeating: 0, count: 64)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let at = (y * image.width + x) * 3
                    let offset = offsets[(y & 7) << 3 | (x & 7)]
                    let red = Self.clamp(Int(pixels[at]) + offset)
                    let green = Self.clamp(Int(pixels[at + 1]) + offset)
                    let blue = Self.clamp(Int(pixels[at + 2]) + offset)
                    let bin = AdaptivePalette.bin(red: red, green: green, blue: blue)
                    if nearest[bin] < 0 { nearest[bin] = Int16(Self.nearest(to: bin, in: palette)) }
                    indices[y * image.width + x] = UInt8(nearest[bin])
                }
            }
        }
        self.indices = indices
    }

    /// The pixels as the terminal shows them.
    public var shown: RGBImage {
        var image = RGBImage(width: width, height: height)
        for (index, entry) in indices.enumerated() {
            let colour = palette[Int(entry)]
            image.pixels[3 * index] = colour.r
            image.pixels[3 * index + 1] = colour.g
            image.pixels[3 * index + 2] = colour.b
        }
        return image
    }

    /// The Bayer 8×8 thresholds as offsets in -amplitude...amplitude, indexed by (y & 7) * 8 + (x & 7).
    static let ditherOffsets: [Int] = {
        var matrix = [0]
        var size = 1
        while size < 8 {
            var next = [Int](repeating: 0, count: 4 * size * size)
            for y in 0..<size { for x in 0..<size {
                let value = 4 * matrix[y * size + x]
                next[y * 2 * size + x] = value
                next[y * 2 * size + x + size] = value + 2
                next[(y + size) * 2 * size + x] = value + 3
                next[(y + size) * 2 * size + x + size] = value + 1
            } }
            matrix = next
            size *= 2
        }
        return matrix.map { (2 * $0 - 63) * ditherAmplitude / 63 }
    }()

    @inline(__always)
    private static func clamp(_ value: Int) -> Int {
        min(max(value, 0), 255)
    }

    /// The palette entry nearest the centre of a histogram bin, by a perceptually weighted
    /// RGB distance (green counts most).
    private static func nearest(to bin: Int, in palette: [RGB]) -> Int {
        let red = (bin >> 10) << 3 | 4, green = (bin >> 5 & 31) << 3 | 4, blue = (bin & 31) << 3 | 4
        var best = 0
        var bestDistance = Int.max
        for (index, colour) in palette.enumerated() {
            let dr = red - Int(colour.r), dg = green - Int(colour.g), db = blue - Int(colour.b)
            let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }
}
