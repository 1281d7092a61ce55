/// The application segments at the start of a JPEG, where cameras keep EXIF and XMP metadata.
enum JPEGSegments {
    /// The payload of every APP1 segment before the image data, in order. Stops at the first
    /// malformed marker, so a damaged file yields what could be read.
    static func app1Payloads(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return [] }
        var payloads: [ArraySlice<UInt8>] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { break }  // start of scan, end of image
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if marker == 0xE1 { payloads.append(bytes[(offset + 4)..<(offset + 2 + length)]) }
            offset += 2 + length
        }
        return payloads
    }
}
