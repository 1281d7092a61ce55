import PanoCore

/// Reads a sixel image back into pixels, as a terminal would draw it (xterm's ctlseqs): raster
/// attributes, colour definitions in percent RGB, colour selection, repeats, `$` and `-`.
/// For tests that check what `SixelEncoder` writes; pixels no colour sets stay `background`.
package enum SixelDecoder {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package static func decode(_ bytes: [UInt8], background: RGB = RGB(1, 2, 3)) throws -> RGBImage {
        let text = Array(bytes)
        guard let start = text.firstIndex(of: UInt8(ascii: "q")), text.starts(with: [0x1B, UInt8(ascii: "P")]) else {
            throw Failure(description: "no DCS … q introducer")
        }
        guard text.suffix(2) == [0x1B, UInt8(ascii: "\\")] else { throw Failure(description: "no string terminator") }
        var index = start + 1
        let end = text.count - 2
        func number() -> Int {
            var value = 0
            while index < end, (48...57).contains(text[index]) {
                value = value * 10 + Int(text[index] - 48)
                index += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var values = [number()]
            while index < end, text[index] == UInt8(ascii: ";") {
                index += 1
                values.append(number())
            }
            return values
        }
        var image = RGBImage(width: 0, height: 0)
        var palette: [Int: RGB] = [:]
        var colour = 0
        var (x, band) = (0, 0)
        func paint(_ sixel: UInt8, count: Int) throws {
            guard image.width > 0 else { throw Failure(description: "pixels before raster attributes") }
            guard let rgb = palette[colour] else { throw Failure(description: "colour \(colour) used before it is defined") }
            let bits = Int(sixel) - 63
            for column in x..<(x + count) where column < image.width {
                for bit in 0..<6 where bits & (1 << bit) != 0 && band * 6 + bit < image.height {
                    image[column, band * 6 + bit] = rgb
                }
            }
            x += count
        }
        while index < end {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                let values = numbers()
                guard values.count == 4 else { throw Failure(description: "raster attributes need 4 numbers") }
                image = RGBImage(width: values[2], height: values[3])
                for pixel in 0..<(values[2] * values[3]) {
                    image.pixels[3 * pixel] = background.r
                    image.pixels[3 * pixel + 1] = background.g
                    image.pixels[3 * pixel + 2] = background.b
                }
            case UInt8(ascii: "#"):
                let values = numbers()
                colour = values[0]
                if values.count == 5 {
                    guard values[1] == 2 else { throw Failure(description: "only RGB colours are read") }
                    func level(_ percent: Int) -> UInt8 { UInt8((percent * 255 + 50) / 100) }
                    palette[colour] = RGB(level(values[2]), level(values[3]), level(values[4]))
                }
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"): (x, band) = (0, band + 1)
            case UInt8(ascii: "!"):
                let count = number()
                guard index < end else { throw Failure(description: "a repeat with no sixel") }
                try paint(text[index], count: count)
                index += 1
            case 63...126: try paint(byte, count: 1)
            default: throw Failure(description: "unexpected byte \(byte)")
            }
        }
        guard image.width > 0 else { throw Failure(description: "no raster attributes") }
        return image
    }
}
