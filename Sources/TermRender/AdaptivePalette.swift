import PanoCore

/// A palette of at most 256 colours fitted to one image by median cut (Heckbert, "Color image
/// quantization for frame buffer display", 1982) over a histogram of 32×32×32 bins: the box
/// of colours with the most pixels times the widest spread is split at the median of its widest
/// channel until there are enough boxes, and each box gives the mean colour of its pixels.
/// Colours are rounded to whole percents, as sixel states them, so what is fitted is what shows.
public struct AdaptivePalette: Sendable {
    /// The colours, 1...256 of them.
    public let colours: [RGB]

    /// Bins per channel: 5 bits of each.
    static let binBits = 5

    /// Fits at most `count` (1...256) colours to `image`; an empty image gets black alone. The
    /// histogram is counted on `runner`'s workers, a band of rows each.
    public init(fitting image: RGBImage, count: Int, runner: any ParallelRunner = SerialRunner()) {
        precondition((1...256).contains(count), "a palette holds 1...256 colours")
        let pixelCount = image.width * image.height
        let pieces = max(1, min(runner.width, pixelCount))
        let parts = runner.map(pieces) { piece in
            var part = Histogram()
            part.add(image, pixels: (pixelCount * piece / pieces)..<(pixelCount * (piece + 1) / pieces))
            return part
        }
        var histogram = parts[0]
        for part in parts.dropFirst() { histogram.merge(part) }
        let bins = histogram.occupiedBins()
        guard !bins.isEmpty else {
            colours = [.black]
            return
        }
        var boxes = [Box(bins: bins[...])]
        while boxes.count < count {
            guard let widest = boxes.indices.filter({ boxes[$0].canSplit }).max(by: { boxes[$0].priority < boxes[$1].priority }) else {
                break
            }
            let (low, high) = boxes[widest].split()
            boxes[widest] = low
            boxes.append(high)
        }
        colours = boxes.map { $0.meanColour(histogram) }
    }

    /// A channel value as sixel carries it: rounded to a whole percent and back.
    @inline(__always)
    static func percentRounded(_ value: Int) -> UInt8 {
        let percent = (value * 100 + 127) / 255
        return UInt8((percent * 255 + 50) / 100)
    }

    /// The bin (0..<32768) a colour falls in.
    @inline(__always)
    static func bin(red: Int, green: Int, blue: Int) -> Int {
        (red >> 3) << 10 | (green >> 3) << 5 | (blue >> 3)
    }

    /// Pixel counts and colour sums per bin.
    struct Histogram {
        var counts = [Int](repeating: 0, count: 1 << 15)
        var sums = [Int](repeating: 0, count: 3 << 15)

        /// Counts the pixels with indices in `range`.
        mutating func add(_ image: RGBImage, pixels range: Range<Int>) {
            image.pixels.withUnsafeBufferPointer { pixels in
                counts.withUnsafeMutableBufferPointer { counts in
                    sums.withUnsafeMutableBufferPointer { sums in
                        var index = range.lowerBound * 3
                        while index < range.upperBound * 3 {
                            let (red, green, blue) = (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
                            let bin = AdaptivePalette.bin(red: red, green: green, blue: blue)
                            counts[bin] += 1
                            sums[3 * bin] += red
                            sums[3 * bin + 1] += green
                            sums[3 * bin + 2] += blue
                            index += 3
                        }
                    }
                }
            }
        }

        /// Adds another histogram's counts and sums to this one's.
        mutating func merge(_ other: Histogram) {
            for bin in counts.indices { counts[bin] += other.counts[bin] }
            for index in sums.indices { sums[index] += other.sums[index] }
        }

        /// The bins that hold pixels, with their counts.
        func occupiedBins() -> [Bin] {
            counts.indices.compactMap { counts[$0] > 0 ? Bin(key: $0, count: counts[$0]) : nil }
        }
    }

    /// One occupied bin: its key (5 bits each of red, green, blue) and how many pixels fell in it.
    struct Bin {
        let key: Int
        let count: Int

        @inline(__always)
        func channel(_ channel: Int) -> Int {
            (key >> (10 - 5 * channel)) & 31
        }
    }

    /// A box of bins: the colours one palette entry stands for.
    struct Box {
        private(set) var bins: ArraySlice<Bin>
        /// Pixels in the box.
        let population: Int
        /// The channel (0 red, 1 green, 2 blue) with the widest spread, and the spread in bins.
        let widest: (channel: Int, spread: Int)

        init(bins: ArraySlice<Bin>) {
            self.bins = bins
            population = bins.reduce(0) { $0 + $1.count }
            var best = (channel: 0, spread: -1)
            for channel in 0..<3 {
                var low = 31
                var high = 0
                for bin in bins {
                    let value = bin.channel(channel)
                    low = min(low, value)
                    high = max(high, value)
                }
                if high - low > best.spread { best = (channel, high - low) }
            }
            widest = best
        }

        var canSplit: Bool { bins.count > 1 }
        /// Which box to split next: many pixels and a wide spread.
        var priority: Int { population * (widest.spread + 1) }

        /// The box cut in two at the median pixel of its widest channel, each half non-empty. The
        /// bins are ordered by that channel with a counting sort (32 values; stable, as the
        /// comparison sort it replaced was, and linear: the median cut of a photo sorted some
        /// 20,000 bins a split).
        func split() -> (Box, Box) {
            let channel = widest.channel
            var starts = [Int](repeating: 0, count: 33)
            for bin in bins { starts[bin.channel(channel) + 1] += 1 }
            for value in 0..<32 { starts[value + 1] += starts[value] }
            var sorted = [Bin](repeating: Bin(key: 0, count: 0), count: bins.count)
            for bin in bins {
                let value = bin.channel(channel)
                sorted[starts[value]] = bin
                starts[value] += 1
            }
            var seen = 0
            var cut = 1
            for index in sorted.indices.dropLast() {
                seen += sorted[index].count
                cut = index + 1
                if 2 * seen >= population { break }
            }
            return (Box(bins: sorted[..<cut]), Box(bins: sorted[cut...]))
        }

        /// The mean colour of the pixels in the box, as sixel will show it.
        func meanColour(_ histogram: Histogram) -> RGB {
            var total = (0, 0, 0)
            for bin in bins {
                total.0 += histogram.sums[3 * bin.key]
                total.1 += histogram.sums[3 * bin.key + 1]
                total.2 += histogram.sums[3 * bin.key + 2]
            }
            let half = population / 2
            return RGB(
                percentRounded((total.0 + half) / population), percentRounded((total.1 + half) / population),
                percentRounded((total.2 + half) / population))
        }
    }
}
