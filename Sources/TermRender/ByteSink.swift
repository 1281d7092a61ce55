/// Appends bytes into memory reserved in advance, without the uniqueness check and growth an
/// array append makes for every byte: the encoder's hot path writes tens of bytes per cell.
/// Every put checks the reservation first (as notcurses' `fbuf` does), so a miscounted
/// reservation is a trap with a message, never a write past the buffer.
struct ByteSink {
    private let base: UnsafeMutablePointer<UInt8>
    /// Bytes written so far.
    private(set) var count = 0
    /// Bytes reserved; writing more is a programmer error.
    let capacity: Int

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        precondition(count < capacity, "frame bytes overran their reservation")
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: [UInt8]) {
        for byte in bytes { append(byte) }
    }

    /// A character in UTF-8.
    @inline(__always)
    mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 {
            append(UInt8(value))
        } else if value < 0x800 {
            append(0xC0 | UInt8(value >> 6))
            append(0x80 | UInt8(value & 0x3F))
        } else if value < 0x10000 {
            append(0xE0 | UInt8(value >> 12))
            append(0x80 | UInt8((value >> 6) & 0x3F))
            append(0x80 | UInt8(value & 0x3F))
        } else {
            append(0xF0 | UInt8(value >> 18))
            append(0x80 | UInt8((value >> 12) & 0x3F))
            append(0x80 | UInt8((value >> 6) & 0x3F))
            append(0x80 | UInt8(value & 0x3F))
        }
    }

    /// A number >= 0 in decimal, without leading zeros (0...255 from a table, the rest digit by
    /// digit: a terminal may be more than 999 columns wide).
    @inline(__always)
    mutating func appendDecimal(_ value: Int) {
        if value < 256 {
            appendByteDecimal(UInt8(value))
            return
        }
        var divisor = 100
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            append(0x30 + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// A byte in decimal from a table: the digits packed little-endian, the count in the top byte.
    @inline(__always)
    mutating func appendByteDecimal(_ value: UInt8) {
        precondition(count + 3 <= capacity, "frame bytes overran their reservation")
        let packed = Self.byteDecimals[Int(value)]
        let length = Int(packed >> 24)
        // All three bytes are stored; those past `length` are overwritten by what follows (the
        // reservation keeps room for them).
        base[count] = UInt8(truncatingIfNeeded: packed)
        base[count + 1] = UInt8(truncatingIfNeeded: packed >> 8)
        base[count + 2] = UInt8(truncatingIfNeeded: packed >> 16)
        count += length
    }

    private static let byteDecimals: [UInt32] = (0..<256).map { value in
        let digits = Array(String(value).utf8)
        var packed = UInt32(digits.count) << 24
        for (i, digit) in digits.enumerated() { packed |= UInt32(digit) << (8 * i) }
        return packed
    }

    /// Runs `body` with a sink over `scratch` (grown to `capacity` when smaller, never cleared:
    /// every byte read back is written first), then replaces `out` with exactly what was
    /// written. Only the bytes written are copied, so a small frame costs little however large
    /// the reservation.
    static func write(into out: inout [UInt8], scratch: inout [UInt8], capacity: Int, _ body: (inout ByteSink) -> Void) {
        if scratch.count < capacity { scratch.append(contentsOf: repeatElement(0, count: capacity - scratch.count)) }
        let used = scratch.withUnsafeMutableBufferPointer { buffer in
            var sink = ByteSink(base: buffer.baseAddress!, capacity: capacity)
            body(&sink)
            precondition(sink.count <= capacity, "frame bytes overran their reservation")
            return sink.count
        }
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: scratch[0..<used])
    }
}
