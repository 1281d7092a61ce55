/// Writes PNG files of any colour type, 8- or 16-bit, optionally Adam7-interlaced, so tests can
/// make every variant a decoder must read. Image data is stored uncompressed (zlib stored
/// blocks): correct PNG, just large.
package enum TestPNG {
    package enum ColorType: UInt8 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// A PNG of `width` × `height` whose pixel (x, y) has the channel values `sample(x, y)`
    /// (each 0...255 for 8-bit, 0...65535 for 16-bit; palette indices for `.palette`).
    package static func encode(
        width: Int, height: Int, colorType: ColorType, bitDepth: Int = 8, interlaced: Bool = false,
        palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt8] = [], sample: (Int, Int) -> [Int]
    ) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian32(UInt32(width)) + bigEndian32(UInt32(height))
        header += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        png += chunk("IHDR", header)
        if !palette.isEmpty { png += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if !transparency.isEmpty { png += chunk("tRNS", transparency) }
        var raw: [UInt8] = []
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for pass in passes {
            let columns = Array(stride(from: pass.x0, to: width, by: pass.dx))
            guard !columns.isEmpty else { continue }
            for y in stride(from: pass.y0, to: height, by: pass.dy) {
                raw.append(0)  // filter: none
                for x in columns {
                    for value in sample(x, y) {
                        if bitDepth == 16 { raw += [UInt8(value >> 8), UInt8(value & 0xFF)] } else { raw.append(UInt8(value)) }
                    }
                }
            }
        }
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian32(UInt32(data.count)) + typeBytes + data + bigEndian32(CRC32.checksum(typeBytes + data))
    }

    static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian32(b << 16 | a)
    }
}

/// CRC-32 (ISO 3309), as PNG chunks use.
package enum CRC32 {
    package static func checksum<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
