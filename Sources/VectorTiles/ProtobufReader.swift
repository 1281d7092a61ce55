/// Reads Protocol Buffers' wire format (protobuf.dev, "Encoding"): fields of varints, 64- and
/// 32-bit numbers and length-delimited bytes, each read checked against the bytes there are, so
/// a truncated or hostile message ends the read with an error instead of a trap.
/// What is wrong with a tile or an archive's directory, in one line.
package struct TileDataError: Error, Equatable, CustomStringConvertible {
    package let description: String
}

struct ProtobufReader {
    /// A field's value as the wire gives it.
    enum Value {
        case varint(UInt64)
        case bytes(ArraySlice<UInt8>)
        /// A 64- or 32-bit number's bits, little-endian as sent.
        case fixed(UInt64)
    }

    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    /// True when every byte is read.
    var isAtEnd: Bool { position >= bytes.endIndex }

    /// The next field's number and value.
    mutating func field() throws(TileDataError) -> (number: UInt64, value: Value) {
        let key = try varint()
        let number = key >> 3
        switch key & 7 {
        case 0: return (number, .varint(try varint()))
        case 1: return (number, try skip(8))
        case 2:
            let length = try varint()
            guard length <= UInt64(bytes.endIndex - position) else {
                throw TileDataError(description: "a field is longer than the message")
            }
            let start = position
            position += Int(length)
            return (number, .bytes(bytes[start..<position]))
        case 5: return (number, try skip(4))
        default: throw TileDataError(description: "wire type \(key & 7) is not one protobuf defines for a field")
        }
    }

    /// A base-128 varint, at most 10 bytes.
    mutating func varint() throws(TileDataError) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 70, by: 7) {
            guard position < bytes.endIndex else { throw TileDataError(description: "the message ends inside a number") }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
        }
        throw TileDataError(description: "a number runs over ten bytes")
    }

    private mutating func skip(_ count: Int) throws(TileDataError) -> Value {
        guard bytes.endIndex - position >= count else { throw TileDataError(description: "the message ends inside a number") }
        var bits: UInt64 = 0
        for index in 0..<count { bits |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
        position += count
        return .fixed(bits)
    }

    /// The varints packed in `bytes` (a repeated field's packed encoding).
    static func packed(_ bytes: ArraySlice<UInt8>) throws(TileDataError) -> [UInt64] {
        var reader = ProtobufReader(bytes)
        var values: [UInt64] = []
        while !reader.isAtEnd { values.append(try reader.varint()) }
        return values
    }
}
