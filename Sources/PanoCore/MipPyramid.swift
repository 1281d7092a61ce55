/// An image and its successively halved copies (each pixel the mean of a 2×2 block), in one
/// buffer of packed texels. Sampling the level whose pixels match the screen's keeps a large
/// panorama shown small from aliasing and shimmering as it turns.
///
/// Each level is framed by copies: each row has the row's last texel before it and its first
/// after it, and the level has its first row (so framed) above it and its last below it. A
/// bilinear sample reads its 2×2 texels as two 8-byte loads with no bounds or seam tests: across
/// the ±180° seam the extra texels are the wrapped neighbours, and above the first row or below
/// the last, where the sampler would clamp, they are those rows again.
public struct MipPyramid: Sendable {
    /// Size and place of one level in `texels`.
    public struct Level: Equatable, Sendable {
        /// Width in texels, >= 1.
        public let width: Int
        /// Height in texels, >= 1.
        public let height: Int
        /// Index of the level's first texel in `texels` (its top-left, inside the frame).
        public let offset: Int
        /// Texels from one row's start to the next's: `width + 2`.
        public var stride: Int { width + 2 }
        /// Texels the level takes in `texels`, its frame included.
        var count: Int { stride * (height + 2) }
        /// Index of the level's frame's first texel: the copy before the copy of the first row.
        var frameStart: Int { offset - stride - 1 }

        /// A level whose frame starts at `frameStart`.
        init(width: Int, height: Int, frameStart: Int) {
            self.width = width
            self.height = height
            offset = frameStart + (width + 2) + 1
        }
    }

    /// Level 0 is the original image; each next level halves both sides.
    public let levels: [Level]
    /// All levels with their padding, one texel per pixel packed as `r | g << 8 | b << 16`.
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
        var levels = [Level(width: image.width, height: image.height, frameStart: 0)]
        while levels.count < maxLevels, let last = levels.last, last.width >= 2, last.height >= 2,
            last.width % 2 == 0, last.height % 2 == 0
        {
            levels.append(Level(width: last.width / 2, height: last.height / 2, frameStart: last.frameStart + last.count))
        }
        let total = levels.last.map { $0.frameStart + $0.count } ?? 0
        texels = [UInt32](unsafeUninitializedCapacity: total) { buffer, count in
            let first = levels[0]
            image.pixels.withUnsafeBufferPointer { rgb in
                for y in 0..<first.height {
                    for x in 0..<first.width {
                        let i = 3 * (y * first.width + x)
                        buffer[first.offset + y * first.stride + x] = UInt32(rgb[i]) | UInt32(rgb[i + 1]) << 8 | UInt32(rgb[i + 2]) << 16
                    }
                }
            }
            Self.pad(first, in: buffer)
            for (last, next) in zip(levels, levels.dropFirst()) {
                Self.halve(last, into: next, in: buffer)
                Self.pad(next, in: buffer)
            }
            count = total
        }
        self.levels = levels
    }

    /// Fills `next` with the 2×2 means of `last`'s texels, rounded.
    private static func halve(_ last: Level, into next: Level, in buffer: UnsafeMutableBufferPointer<UInt32>) {
        for y in 0..<next.height {
            let row0 = last.offset + 2 * y * last.stride
            let row1 = row0 + last.stride
            for x in 0..<next.width {
                let a = buffer[row0 + 2 * x]
                let b = buffer[row0 + 2 * x + 1]
                let c = buffer[row1 + 2 * x]
                let d = buffer[row1 + 2 * x + 1]
                // Red and blue in one pair of lanes, green in the other; each sum fits in 10 bits.
                let redBlue = (a & 0x00FF_00FF) + (b & 0x00FF_00FF) + (c & 0x00FF_00FF) + (d & 0x00FF_00FF) + 0x0002_0002
                let green = (a & 0xFF00) + (b & 0xFF00) + (c & 0xFF00) + (d & 0xFF00) + 0x200
                buffer[next.offset + y * next.stride + x] = (redBlue >> 2) & 0x00FF_00FF | (green >> 2) & 0xFF00
            }
        }
    }

    /// Writes a level's frame: each row's last texel before it and its first after it, then the
    /// first row (with its copies) above the level and the last below it.
    private static func pad(_ level: Level, in buffer: UnsafeMutableBufferPointer<UInt32>) {
        guard level.width > 0, level.height > 0 else {
            for i in level.frameStart..<(level.frameStart + level.count) { buffer[i] = 0 }
            return
        }
        for y in 0..<level.height {
            let row = level.offset + y * level.stride
            buffer[row - 1] = buffer[row + level.width - 1]
            buffer[row + level.width] = buffer[row]
        }
        let last = level.offset + (level.height - 1) * level.stride
        for x in -1...level.width {
            buffer[level.offset - level.stride + x] = buffer[level.offset + x]
            buffer[last + level.stride + x] = buffer[last + x]
        }
    }

    /// Number of levels, >= 1.
    public var levelCount: Int { levels.count }

    /// A copy of one level as an RGB image, `level` in [0, levelCount).
    public func image(level: Int) -> RGBImage {
        let info = levels[level]
        var image = RGBImage(width: info.width, height: info.height)
        for y in 0..<info.height {
            for x in 0..<info.width {
                let texel = texels[info.offset + y * info.stride + x]
                let i = 3 * (y * info.width + x)
                image.pixels[i] = UInt8(texel & 0xFF)
                image.pixels[i + 1] = UInt8(texel >> 8 & 0xFF)
                image.pixels[i + 2] = UInt8(texel >> 16 & 0xFF)
            }
        }
        return image
    }
}
