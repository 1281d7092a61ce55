/// Sixel graphics (DEC VT340; xterm's ctlseqs, "Sixel Graphics"): an image in bands of six
/// pixel rows, each band a run-length-coded row of six-bit columns per colour it uses.
///
/// The image is introduced with `P2 = 1`, so pixels no colour sets keep what was there, and with
/// raster attributes `"1;1;W;H` for square pixels at the image's size. Colours are defined in
/// percent RGB (`#i;2;r;g;b`). Drawn where the cursor is; the cursor ends below the image.
public enum SixelEncoder {
    /// The bytes that draw `image`, from `DCS` to `ST`.
    public static func encode(_ image: PalettedImage) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(image.width * image.height / 2 + 64 + 20 * image.palette.count)
        out += EscapeSequence.sixelStart(width: image.width, height: image.height)
        for (index, colour) in image.palette.enumerated() {
            out += Array("#\(index);2;\(percent(colour.r));\(percent(colour.g));\(percent(colour.b))".utf8)
        }
        // Per colour, its six-bit columns in the band being written and the span it covers.
        var columns = [UInt8](repeating: 0, count: image.palette.count * image.width)
        var spans = [(first: Int, last: Int)](repeating: (Int.max, -1), count: image.palette.count)
        var used: [Int] = []
        for top in stride(from: 0, to: image.height, by: 6) {
            used.removeAll(keepingCapacity: true)
            for row in top..<min(top + 6, image.height) {
                let bit = UInt8(1 << (row - top))
                let start = row * image.width
                for x in 0..<image.width {
                    let colour = Int(image.indices[start + x])
                    if spans[colour].last < 0 { used.append(colour) }
                    columns[colour * image.width + x] |= bit
                    spans[colour].first = min(spans[colour].first, x)
                    spans[colour].last = max(spans[colour].last, x)
                }
            }
            for (order, colour) in used.enumerated() {
                if order > 0 { out.append(UInt8(ascii: "$")) } // back to the band's start
                out += Array("#\(colour)".utf8)
                let span = spans[colour]
                if span.first > 0 { appendRun(0, count: span.first, to: &out) }
                var x = span.first
                while x <= span.last {
                    let value = columns[colour * image.width + x]
                    var end = x + 1
                    while end <= span.last && columns[colour * image.width + end] == value { end += 1 }
                    appendRun(value, count: end - x, to: &out)
                    x = end
                }
                for clear in span.first...span.last { columns[colour * image.width + clear] = 0 }
                spans[colour] = (Int.max, -1)
            }
            if top + 6 < image.height { out.append(UInt8(ascii: "-")) } // the next band
        }
        out += EscapeSequence.stringTerminator
        return out
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
            out += Array(String(count).utf8)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }
}
