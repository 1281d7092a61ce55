import PanoCore

/// Sixel images read as a terminal draws them (DEC's VT330/VT340 reference, "Sixel Graphics";
/// xterm's ctlseqs): bands of six pixel rows, a colour register chosen with `#`, defined with
/// `#n;2;r;g;b` (percent) or `#n;1;h;l;s` (DEC hue: 0° is blue), `!n` repeats, `$` back to the
/// band's start, `-` the next band, `"a;b;w;h` the size. Pixels are square, as xterm draws them.
package enum SixelDecoder {
    /// The widest or tallest picture decoded, in pixels; a larger one is cut at it.
    static let maximumSide = 4096

    /// The picture a whole sequence (`ESC P … q … ESC \\`) draws, or nil when it is not one.
    package static func decodeSequence(_ bytes: [UInt8]) -> DecodedPicture? {
        guard bytes.count >= 4, bytes[0] == 0x1B, bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")] else { return nil }
        return decode(bytes[1..<(bytes.count - 2)], room: (maximumSide, maximumSide))?.picture
    }

    /// The picture in `body` (from the `P` of its DCS, up to before its terminator), kept only
    /// as far as `room` (pixels, where it can be seen: what lies beyond is never shown, so never
    /// held), and the whole picture's size; nil when it is not a sixel sequence.
    static func decode(
        _ body: ArraySlice<UInt8>, room: (width: Int, height: Int)
    ) -> (picture: DecodedPicture, width: Int, height: Int)? {
        guard body.first == UInt8(ascii: "P"), let start = body.firstIndex(of: UInt8(ascii: "q")),
            body[body.index(after: body.startIndex)..<start].allSatisfy({ $0 == UInt8(ascii: ";") || (0x30...0x39).contains($0) })
        else { return nil }
        let parameters = body[body.index(after: body.startIndex)..<start].split(
            separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        let transparent = parameters.count > 1 && Int(String(decoding: parameters[1], as: UTF8.self)) == 1
        var canvas = SixelCanvas(room: (min(max(room.width, 0), maximumSide), min(max(room.height, 0), maximumSide)))
        canvas.draw(body[(start + 1)...])
        return canvas.picture(transparent: transparent)
    }
}

/// A picture a terminal drew: its pixels, and which were painted (nil when all were).
package struct DecodedPicture: Sendable {
    package var image: RGBImage
    package var painted: [Bool]?
}

/// The pixels of a sixel picture as its data is read.
private struct SixelCanvas {
    /// The part kept, pixels from the top left: bands and columns beyond it are counted, not held.
    let room: (width: Int, height: Int)
    /// Per band of six rows inside `room`: for each column, six pixels, 0 for unpainted, else
    /// 0xFF_RRGGBB.
    var bands: [[UInt32]] = [[]]
    var (x, band) = (0, 0)
    var declared = (width: 0, height: 0)
    /// One past the lowest row painted, and one past the rightmost column.
    var paintedRows = 0
    var paintedColumns = 0

    init(room: (width: Int, height: Int)) {
        self.room = room
    }
    var registers: [UInt32] = SixelCanvas.vt340
    var colour: UInt32 = SixelCanvas.vt340[0]

    /// The VT340's 16 colours at power-on, the rest black.
    static let vt340: [UInt32] =
        [
            (0, 0, 0), (20, 20, 80), (80, 13, 13), (20, 80, 20), (80, 20, 80), (20, 80, 80), (80, 80, 20), (53, 53, 53),
            (26, 26, 26), (33, 33, 60), (60, 26, 26), (33, 60, 33), (60, 33, 60), (33, 60, 60), (60, 60, 33), (80, 80, 80)
        ].map { packed(percent: $0.0, $0.1, $0.2) } + Array(repeating: packed(percent: 0, 0, 0), count: 240)

    static func packed(percent r: Int, _ g: Int, _ b: Int) -> UInt32 {
        let byte = { (value: Int) in UInt32((min(max(value, 0), 100) * 255 + 50) / 100) }
        return 0xFF00_0000 | byte(r) << 16 | byte(g) << 8 | byte(b)
    }

    mutating func draw(_ data: ArraySlice<UInt8>) {
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            index += 1
            switch byte {
            case 0x3F...0x7E: paint(byte, count: 1)
            case UInt8(ascii: "!"):
                let (count, next) = Self.number(data, from: index)
                index = next
                if index < data.endIndex, (0x3F...0x7E).contains(data[index]) {
                    paint(data[index], count: max(1, count ?? 1))
                    index += 1
                }
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                var numbers: [Int?] = []
                repeat {
                    let (value, next) = Self.number(data, from: index)
                    numbers.append(value)
                    index = next
                    guard index < data.endIndex, data[index] == UInt8(ascii: ";") else { break }
                    index += 1
                } while true
                if byte == UInt8(ascii: "#") { colourCommand(numbers) } else { rasterAttributes(numbers) }
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"):
                x = 0
                if (band + 1) * 6 < SixelDecoder.maximumSide {
                    band += 1
                    if band == bands.count, band * 6 < room.height { bands.append([]) }
                }
            default: break
            }
        }
    }

    /// A decimal number at `index` (nil when there are no digits), and the index after it.
    static func number(_ data: ArraySlice<UInt8>, from index: Int) -> (Int?, Int) {
        var (value, position) = (0, index)
        while position < data.endIndex, (0x30...0x39).contains(data[position]) {
            value = min(value * 10 + Int(data[position] - 0x30), 1 << 30)
            position += 1
        }
        return (position == index ? nil : value, position)
    }

    mutating func paint(_ sixel: UInt8, count: Int) {
        let bits = Int(sixel - 0x3F)
        let end = min(x + count, SixelDecoder.maximumSide)
        guard end > x else { return }
        paintedColumns = max(paintedColumns, end)
        if bits != 0 { paintedRows = max(paintedRows, band * 6 + Int.bitWidth - bits.leadingZeroBitCount) }
        let kept = min(end, room.width)
        if band < bands.count, kept > x {
            if bands[band].count < kept * 6 { bands[band] += Array(repeating: 0, count: kept * 6 - bands[band].count) }
            if bits != 0 {
                for column in x..<kept {
                    for bit in 0..<6 where bits & (1 << bit) != 0 { bands[band][column * 6 + bit] = colour }
                }
            }
        }
        x = end
    }

    mutating func colourCommand(_ numbers: [Int?]) {
        guard let register = numbers.first.flatMap({ $0 }), register < registers.count else { return }
        if numbers.count >= 5 {
            let (a, b, c) = (numbers[2] ?? 0, numbers[3] ?? 0, numbers[4] ?? 0)
            registers[register] = numbers[1] == 1 ? Self.hls(hue: a, lightness: b, saturation: c) : Self.packed(percent: a, b, c)
        }
        colour = registers[register]
    }

    mutating func rasterAttributes(_ numbers: [Int?]) {
        guard numbers.count >= 4 else { return }
        declared = (min(max(numbers[2] ?? 0, 0), SixelDecoder.maximumSide), min(max(numbers[3] ?? 0, 0), SixelDecoder.maximumSide))
    }

    /// DEC's HLS (hue 0 is blue, 120 red, 240 green; lightness and saturation in percent).
    static func hls(hue: Int, lightness: Int, saturation: Int) -> UInt32 {
        let h = Double((hue + 240) % 360) / 60
        let l = Double(min(max(lightness, 0), 100)) / 100
        let s = Double(min(max(saturation, 0), 100)) / 100
        let chroma = (1 - abs(2 * l - 1)) * s
        let second = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let sector: (Double, Double, Double) =
            switch Int(h) {
            case 0: (chroma, second, 0)
            case 1: (second, chroma, 0)
            case 2: (0, chroma, second)
            case 3: (0, second, chroma)
            case 4: (second, 0, chroma)
            default: (chroma, 0, second)
            }
        let m = l - chroma / 2
        let percent = { (value: Double) in Int(((value + m) * 100).rounded()) }
        return packed(percent: percent(sector.0), percent(sector.1), percent(sector.2))
    }

    /// The picture: as wide and tall as declared or as painted, whichever is more; its part
    /// inside `room`, and its whole size.
    func picture(transparent: Bool) -> (picture: DecodedPicture, width: Int, height: Int)? {
        let whole = (width: max(declared.width, paintedColumns), height: min(max(declared.height, paintedRows), SixelDecoder.maximumSide))
        let (width, height) = (min(whole.width, room.width), min(whole.height, room.height))
        guard width > 0, height > 0 else { return nil }
        var image = RGBImage(width: width, height: height)
        var painted = [Bool](repeating: false, count: width * height)
        let background = transparent ? 0 : registers[0]
        for y in 0..<height {
            let row = y / 6 < bands.count ? bands[y / 6] : []
            for x in 0..<width {
                var value = x * 6 + y % 6 < row.count ? row[x * 6 + y % 6] : 0
                if value == 0 { value = background }
                guard value != 0 else { continue }
                let offset = (y * width + x) * 3
                image.pixels[offset] = UInt8(truncatingIfNeeded: value >> 16)
                image.pixels[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
                image.pixels[offset + 2] = UInt8(truncatingIfNeeded: value)
                painted[y * width + x] = true
            }
        }
        return (DecodedPicture(image: image, painted: painted.allSatisfy { $0 } ? nil : painted), whole.width, whole.height)
    }
}
