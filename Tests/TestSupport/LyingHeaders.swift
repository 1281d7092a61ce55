/// Images whose headers claim another size than their data holds: how tests show a decoder
/// refuses by the header, before it allocates anything.
package enum LyingHeaders {
    /// The JPEG with the width and height in its frame header (SOF0-2) replaced.
    package static func jpeg(_ jpeg: [UInt8], claimingWidth width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg
        var offset = 2
        while offset + 9 < bytes.count {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if (0xC0...0xC2).contains(marker) {
                bytes[offset + 5] = UInt8(height >> 8)
                bytes[offset + 6] = UInt8(height & 0xFF)
                bytes[offset + 7] = UInt8(width >> 8)
                bytes[offset + 8] = UInt8(width & 0xFF)
                return bytes
            }
            offset += 2 + length
        }
        return bytes
    }

    /// The PNG with the width and height in its IHDR replaced, and the chunk's CRC made right.
    package static func png(_ png: [UInt8], claimingWidth width: Int, height: Int) -> [UInt8] {
        var bytes = png
        // IHDR's data starts at byte 16: width and height, big-endian; its CRC follows at 29.
        bytes.replaceSubrange(16..<24, with: TestPNG.bigEndian32(UInt32(width)) + TestPNG.bigEndian32(UInt32(height)))
        bytes.replaceSubrange(29..<33, with: TestPNG.bigEndian32(CRC32.checksum(bytes[12..<29])))
        return bytes
    }
}
