/// An image and its successively halved copies (each pixel the mean of a 2×2 block), in one
/// buffer of packed texels. Sampling the level whose pixels match the screen's keeps a large
/// panorama shown small from aliasing and shimmering as it turns.
public struct MipPyramid: Sendable {
    /// Size and place of one level in `texels`.
    public struct Level: Equatable, Sendable {
        /// Width in texels, >= 1.
        public let width: Int
        /// Height in texels, >= 1.
        public let height: Int
        /// Index of the level's first texel in `texels`.
        public let offset: Int
    }

    /// Level 0 is the original image; each next level halves both sides.
    public let levels: [Level]
    /// All levels, row-major, one texel per pixel packed as `r | g << 8 | b << 16`.
    public let texels: [UInt32]

    /// Builds levels while both sides of the last are even and at least 2.
    public init(_ image: RGBImage) {
        self.init(image, maxLevels: Int.max)
    }

    /// A pyramid of the image alone, with no smaller levels.
    public init(singleLevel image: RGBImage) {
        self.init(image, maxLevels: 1)
    }

    private init(_ image: RGBImage, maxLevels: Int) {
        var levels = [Level(width: image.width, height: image.height, offset: 0)]
        var texels = [UInt32](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { rgb in
            for i in 0..<texels.count {
                texels[i] = UInt32(rgb[3 * i]) | UInt32(rgb[3 * i + 1]) << 8 | UInt32(rgb[3 * i + 2]) << 16
            }
        }
        var last = levels[0]
        while levels.count < maxLevels, last.width >= 2, last.height >= 2, last.width % 2 == 0, last.height % 2 == 0 {
            let next = Level(width: last.width / 2, height: last.height / 2, offset: texels.count)
            texels.append(contentsOf: repeatElement(0, count: next.width * next.height))
            texels.withUnsafeMutableBufferPointer { buffer in
                for y in 0..<next.height {
                    let row0 = last.offset + 2 * y * last.width
                    let row1 = row0 + last.width
                    for x in 0..<next.width {
                        let a = buffer[row0 + 2 * x], b = buffer[row0 + 2 * x + 1]
                        let c = buffer[row1 + 2 * x], d = buffer[row1 + 2 * x + 1]
                        var packed: UInt32 = 0
                        for shift in [UInt32(0), 8, 16] {
                            let sum = (a >> shift & 0xFF) + (b >> shift & 0xFF) + (c >> shift & 0xFF) + (d >> shift & 0xFF)
                            packed |= ((sum + 2) / 4) << shift
                        }
                        buffer[next.offset + y * next.width + x] = packed
                    }
                }
            }
            levels.append(next)
            last = next
        }
        self.levels = levels
        self.texels = texels
    }

    /// Number of levels, >= 1.
    public var levelCount: Int { levels.count }

    /// A copy of one level as an RGB image, `level` in [0, levelCount).
    public func image(level: Int) -> RGBImage {
        let info = levels[level]
        var image = RGBImage(width: info.width, height: info.height)
        for i in 0..<(info.width * info.height) {
            let texel = texels[info.offset + i]
            image.pixels[3 * i] = UInt8(texel & 0xFF)
            image.pixels[3 * i + 1] = UInt8(texel >> 8 & 0xFF)
            image.pixels[3 * i + 2] = UInt8(texel >> 16 & 0xFF)
        }
        return image
    }
}
