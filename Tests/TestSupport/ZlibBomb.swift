/// PNGs that inflate far beyond their size: all-zero pixels compressed with deflate's longest
/// back-reference (258 bytes for 13 bits), about 160:1, for tests of decompression bombs.
package enum ZlibBomb {
    /// An RGB PNG of `width` × `height` black pixels.
    package static func png(width: Int, height: Int) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = TestPNG.bigEndian32(UInt32(width)) + TestPNG.bigEndian32(UInt32(height)) + [8, 2, 0, 0, 0]
        png += TestPNG.chunk("IHDR", header)
        png += TestPNG.chunk("IDAT", zlibZeros(count: (width * 3 + 1) * height))
        png += TestPNG.chunk("IEND", [])
        return png
    }

    /// A zlib stream of `count` zero bytes: one fixed-Huffman block of a literal 0 and then
    /// length-258, distance-1 copies.
    static func zlibZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman, written least significant bit first
        bits.writeHuffman(0x30, length: 8)  // literal 0
        var left = count - 1
        while left >= 258 {
            bits.writeHuffman(0xC5, length: 8)  // length code 285: 258 bytes
            bits.writeHuffman(0, length: 5)  // distance code 0: 1 byte back
            left -= 258
        }
        for _ in 0..<left { bits.writeHuffman(0x30, length: 8) }
        bits.writeHuffman(0, length: 7)  // end of block
        // Adler-32 of `count` zeros: a stays 1, b gains 1 per byte.
        let adler = UInt32(count % 65521) << 16 | 1
        return [0x78, 0x01] + bits.finished + TestPNG.bigEndian32(adler)
    }

    private struct BitWriter {
        private(set) var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for i in 0..<count { push((value >> UInt32(i)) & 1) }
        }

        /// Huffman codes go most significant bit first.
        mutating func writeHuffman(_ code: UInt32, length: Int) {
            for i in stride(from: length - 1, through: 0, by: -1) { push((code >> UInt32(i)) & 1) }
        }

        private mutating func push(_ bit: UInt32) {
            current |= bit << UInt32(used)
            used += 1
            if used == 8 {
                bytes.append(UInt8(current))
                current = 0
                used = 0
            }
        }

        var finished: [UInt8] { used == 0 ? bytes : bytes + [UInt8(current)] }
    }

}
