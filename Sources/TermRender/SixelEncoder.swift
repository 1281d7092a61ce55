import PanoCore

/// Sixel graphics (DEC VT340; xterm's ctlseqs, "Sixel Graphics"): an image in bands of six
/// pixel rows, each band a run-length-coded row of six-bit columns per colour it uses.
///
/// The image is introduced with `P2 = 1`, so pixels no colour sets keep what was there, and with
/// raster attributes `"1;1;W;H` for square pixels at the image's size. Colours are defined in
/// percent RGB (`#i;2;r;g;b`). Drawn where the cursor is; the cursor ends below the image.
public enum SixelEncoder {
    /// The bytes that draw `image`, from `DCS` to `ST`. Bands are encoded on `runner`'s
    /// workers, each a run of bands into bytes of its own, joined in order.
    public static func encode(_ image: PalettedImage, runner: any ParallelRunner = SerialRunner()) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(image.width * image.height / 2 + 64 + 20 * image.palette.count)
        out += EscapeSequence.sixelStart(width: image.width, height: image.height)
        for (index, colour) in image.palette.enumerated() {
            out += Array("#\(index);2;\(percent(colour.r));\(percent(colour.g));\(percent(colour.b))".utf8)
        }
        let bands = (image.height + 5) / 6
        let pieces = max(1, min(bands, runner.width * 2))
        let results = runner.map(pieces) { piece in
            encodeBands((bands * piece / pieces)..<(bands * (piece + 1) / pieces), of: image)
        }
        for piece in 0..<pieces {
            if piece > 0, !results[piece - 1].isEmpty { out.append(UInt8(ascii: "-")) }  // the next band
            out += results[piece]
        }
        out += EscapeSequence.stringTerminator
        return out
    }

    /// The bytes of bands `bands` (each six pixel rows), with `-` between them but not after the last.
    private static func encodeBands(_ bands: Range<Int>, of image: PalettedImage) -> [UInt8] {
        let width = image.width
        let colours = image.palette.count
        var out: [UInt8] = []
        out.reserveCapacity(bands.count * width)
        // "#n" for each colour, made once.
        let selectors = (0..<colours).map { Array("#\($0)".utf8) }
        // Per colour, its six-bit columns in the band being written and the span it covers.
        var columns = [UInt8](repeating: 0, count: colours * width)
        var first = [Int](repeating: Int.max, count: colours)
        var last = [Int](repeating: -1, count: colours)
        var used: [Int] = []
        image.indices.withUnsafeBufferPointer { indices in
            columns.withUnsafeMutableBufferPointer { columns in
                first.withUnsafeMutableBufferPointer { first in
                    last.withUnsafeMutableBufferPointer { last in
                        for band in bands {
                            let top = band * 6
                            used.removeAll(keepingCapacity: true)
                            for row in top..<min(top + 6, image.height) {
                                let bit = UInt8(1 << (row - top))
                                let start = row * width
                                for x in 0..<width {
                                    let colour = Int(indices[start + x])
                                    columns[colour * width + x] |= bit
                                    // Rows run left to right: a colour's first x in a row is its
                                    // least only when it is new or left of what was seen.
                                    if x > last[colour] {
                                        if last[colour] < 0 { used.append(colour) }
                                        last[colour] = x
                                    }
                                    if x < first[colour] { first[colour] = x }
                                }
                            }
                            for (order, colour) in used.enumerated() {
                                if order > 0 { out.append(UInt8(ascii: "$")) }  // back to the band's start
                                out += selectors[colour]
                                let (from, to) = (first[colour], last[colour])
                                if from > 0 { appendRun(0, count: from, to: &out) }
                                let row = colour * width
                                let base = UnsafeRawPointer(columns.baseAddress! + row)
                                var x = from
                                while x <= to {
                                    let value = columns[row + x]
                                    var end = x + 1
                                    // Most of a colour's span is empty in a busy picture: skip
                                    // empty columns eight at a time.
                                    if value == 0 {
                                        while end + 8 <= to + 1 && base.loadUnaligned(fromByteOffset: end, as: UInt64.self) == 0 {
                                            end += 8
                                        }
                                    }
                                    while end <= to && columns[row + end] == value { end += 1 }
                                    appendRun(value, count: end - x, to: &out)
                                    x = end
                                }
                                UnsafeMutableBufferPointer(rebasing: columns[(row + from)...(row + to)]).update(repeating: 0)
                                first[colour] = Int.max
                                last[colour] = -1
                            }
                            if band + 1 < bands.upperBound { out.append(UInt8(ascii: "-")) }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The decimal digits of `value` (>= 0), without making a string.
    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        var divisor = 1
        while divisor * 10 <= value { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// A channel (0...255) in whole percent (0...100).
    static func percent(_ value: UInt8) -> Int {
        (Int(value) * 100 + 127) / 255
    }

    /// `count` columns of the six bits `value`: `!count` and the character when that is shorter.
    private static func appendRun(_ value: UInt8, count: Int, to out: inout [UInt8]) {
        let character = 63 + value
        if count > 3 {
            out.append(UInt8(ascii: "!"))
            appendDecimal(count, to: &out)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }
}
