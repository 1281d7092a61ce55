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

    /// `image` in a palette of at most `colours` (1...256) fitted to it, dithered or not, with
    /// the pixels mapped on `runner`'s workers.
    public init(_ image: RGBImage, colours: Int, dithered: Bool, runner: any ParallelRunner = SerialRunner()) {
        let palette = AdaptivePalette(fitting: image, count: colours, runner: runner).colours
        self.init(image, palette: palette, dithered: dithered, runner: runner)
    }

    /// `image` in `palette` (1...256 colours). In three parallel passes: each pixel's histogram
    /// bin (after the dither), the nearest palette entry of every bin used, each pixel's entry.
    public init(_ image: RGBImage, palette: [RGB], dithered: Bool, runner: any ParallelRunner = SerialRunner()) {
        precondition((1...256).contains(palette.count), "a palette holds 1...256 colours")
        width = image.width
        height = image.height
        self.palette = palette
        let pieces = max(1, min(image.height, runner.width * 2))
        let rowsOf: @Sendable (Int) -> Range<Int> = { piece in (image.height * piece / pieces)..<(image.height * (piece + 1) / pieces) }
        let offsets = dithered ? Self.ditherOffsets : [Int](repeating: 0, count: 64)
        // Each piece's rows as bins, and which bins they use.
        let binned = runner.map(pieces) { piece in Self.bins(of: image, rows: rowsOf(piece), offsets: offsets) }
        var used = [Bool](repeating: false, count: 1 << 15)
        for piece in binned { for bin in piece.used { used[bin] = true } }
        let usedBins = used.indices.filter { used[$0] }
        // The nearest entry of each bin used, the bins split between the workers.
        let search = NearestColour(palette)
        let nearestParts = runner.map(pieces) { piece in
            usedBins[(usedBins.count * piece / pieces)..<(usedBins.count * (piece + 1) / pieces)].map { search.nearest(toBin: $0) }
        }
        var nearest = [UInt8](repeating: 0, count: 1 << 15)
        var next = 0
        for part in nearestParts {
            for entry in part {
                nearest[usedBins[next]] = entry
                next += 1
            }
        }
        let table = nearest
        var indices: [UInt8] = []
        indices.reserveCapacity(image.width * image.height)
        for part in runner.map(pieces, { piece in binned[piece].bins.map { table[Int($0)] } }) { indices += part }
        self.indices = indices
    }

    /// The bins of `rows` of `image` after the dither, row-major, and the distinct bins among them.
    private static func bins(of image: RGBImage, rows: Range<Int>, offsets: [Int]) -> (bins: [UInt16], used: [Int]) {
        var bins = [UInt16](repeating: 0, count: rows.count * image.width)
        var seen = [Bool](repeating: false, count: 1 << 15)
        var used: [Int] = []
        image.pixels.withUnsafeBufferPointer { pixels in
            offsets.withUnsafeBufferPointer { offsets in
                bins.withUnsafeMutableBufferPointer { bins in
                    seen.withUnsafeMutableBufferPointer { seen in
                        for (index, y) in rows.enumerated() {
                            let pattern = offsets.baseAddress! + (y & 7) << 3
                            let source = pixels.baseAddress! + y * image.width * 3
                            let target = bins.baseAddress! + index * image.width
                            for x in 0..<image.width {
                                let offset = pattern[x & 7]
                                let bin = AdaptivePalette.bin(
                                    red: Self.clamp(Int(source[3 * x]) + offset),
                                    green: Self.clamp(Int(source[3 * x + 1]) + offset),
                                    blue: Self.clamp(Int(source[3 * x + 2]) + offset))
                                target[x] = UInt16(truncatingIfNeeded: bin)
                                if !seen[bin] {
                                    seen[bin] = true
                                    used.append(bin)
                                }
                            }
                        }
                    }
                }
            }
        }
        return (bins, used)
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
            for y in 0..<size {
                for x in 0..<size {
                    let value = 4 * matrix[y * size + x]
                    next[y * 2 * size + x] = value
                    next[y * 2 * size + x + size] = value + 2
                    next[(y + size) * 2 * size + x] = value + 3
                    next[(y + size) * 2 * size + x + size] = value + 1
                }
            }
            matrix = next
            size *= 2
        }
        return matrix.map { (2 * $0 - 63) * ditherAmplitude / 63 }
    }()

    @inline(__always)
    private static func clamp(_ value: Int) -> Int {
        min(max(value, 0), 255)
    }
}

/// The palette entry nearest the centre of a histogram bin, by a perceptually weighted RGB
/// distance (green counts most; the lowest index wins a tie), eight entries at a time.
struct NearestColour: Sendable {
    /// Each channel of every entry, padded to a multiple of eight with entries never nearest.
    private let reds: [SIMD8<Float>], greens: [SIMD8<Float>], blues: [SIMD8<Float>]

    init(_ palette: [RGB]) {
        let groups = (palette.count + 7) / 8
        // Padding lies 10,000 levels away: farther than any colour.
        func channel(_ value: (RGB) -> UInt8) -> [SIMD8<Float>] {
            (0..<groups).map { group in
                var lanes = SIMD8<Float>(repeating: 10_000)
                for lane in 0..<8 where group * 8 + lane < palette.count { lanes[lane] = Float(value(palette[group * 8 + lane])) }
                return lanes
            }
        }
        reds = channel(\.r)
        greens = channel(\.g)
        blues = channel(\.b)
    }

    /// The nearest entry to the centre of bin `bin` (5 bits each of red, green, blue).
    func nearest(toBin bin: Int) -> UInt8 {
        let red = Float((bin >> 10) << 3 | 4)
        let green = Float((bin >> 5 & 31) << 3 | 4)
        let blue = Float((bin & 31) << 3 | 4)
        // Distances are whole numbers below 2²⁴, exact in Float, and never negative, so they
        // order as their bit patterns do (LaneMath's selects avoid per-lane branches).
        var best = SIMD8<Int32>(repeating: Int32.max)
        var bestIndex = SIMD8<Int32>(repeating: 0)
        let lanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        for group in reds.indices {
            let dr = red - reds[group]
            let dg = green - greens[group]
            let db = blue - blues[group]
            let distance = LaneMath.bits(2 * dr * dr + 4 * dg * dg + 3 * db * db)
            let closer = LaneMath.negative(distance &- best)
            best = LaneMath.select(closer, distance, best)
            bestIndex = LaneMath.select(closer, lanes &+ Int32(group * 8), bestIndex)
        }
        var winner = 0
        for lane in 1..<8 where best[lane] < best[winner] || (best[lane] == best[winner] && bestIndex[lane] < bestIndex[winner]) {
            winner = lane
        }
        return UInt8(bestIndex[winner])
    }
}
