/// Adler-32 (RFC 1950), the checksum that ends a zlib stream, sixteen bytes at a time: zlib's own
/// is scalar and took a quarter of a frame PNG's compression time.
enum Adler32 {
    /// The modulus, the largest prime below 2¹⁶.
    static let modulus: UInt32 = 65521
    /// Bytes whose sums cannot overflow 32 bits before reducing (zlib's NMAX), rounded down to
    /// whole chunks of sixteen.
    static let blockBytes = 5552 / 16 * 16

    /// The checksum of `bytes` continued from `start` (1 for a new stream).
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, start: UInt32 = 1) -> UInt32 {
        var s1 = start & 0xFFFF
        var s2 = start >> 16
        guard let base = bytes.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        let whole = bytes.count / 16 * 16
        let positions = SIMD16<UInt32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        while offset < whole {
            let length = min(blockBytes, whole - offset)
            // Per lane j: the sum of byte j of every chunk so far, and the sum of those sums
            // before each chunk.
            var lanes = SIMD16<UInt32>(repeating: 0)
            var prefix = SIMD16<UInt32>(repeating: 0)
            for chunk in stride(from: offset, to: offset + length, by: 16) {
                prefix &+= lanes
                lanes &+= SIMD16<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: chunk, as: SIMD16<UInt8>.self))
            }
            // Byte j of chunk k (of K) counts K·16 − 16k − j times in s2: 16·(prefix + lanes) − j·lanes.
            let sum = lanes.wrappedSum()
            let weighted = (16 &* (prefix &+ lanes) &- positions &* lanes).wrappedSum()
            s2 = (s2 + UInt32(length % Int(modulus)) * s1 % modulus + weighted % modulus) % modulus
            s1 = (s1 + sum % modulus) % modulus
            offset += length
        }
        for index in whole..<bytes.count {
            s1 = (s1 + UInt32(base[index])) % modulus
            s2 = (s2 + s1) % modulus
        }
        return s2 << 16 | s1
    }
}
