import CPNG
import TextSafety

/// PNG chunks as the format defines them (length, type, data, CRC-32 of type and data), and
/// the text chunks that carry a picture's credit.
enum PNGChunk {
    /// A chunk of `type` (four ASCII letters) holding `data`.
    static func make(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = typeAndData.withUnsafeBufferPointer { sw_crc32(0, $0.baseAddress, $0.count) }
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    /// `value` as four bytes, most significant first.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// An international text chunk (iTXt, uncompressed): `keyword` (Latin letters, 1–79 bytes,
    /// e.g. "Copyright", "Author", "Source") and UTF-8 `text`, sanitised as for a terminal
    /// (`TextSanitizer`): the text comes from datasets and servers, and metadata viewers print it.
    static func text(_ keyword: String, _ text: String) -> [UInt8] {
        make("iTXt", Array(keyword.utf8.prefix(79)) + [0, 0, 0, 0, 0] + Array(TextSanitizer.sanitize(text).utf8))
    }
}

extension PNGEncoder {
    /// `png` (a whole PNG file) with text chunks for `texts` (keyword, text) before its end:
    /// where a picture's credit travels with it.
    package static func adding(texts: [(keyword: String, text: String)], to png: [UInt8]) -> [UInt8] {
        // IEND is the last 12 bytes of a PNG: length 0, "IEND", its CRC.
        guard png.count >= 12, !texts.isEmpty else { return png }
        let end = png.count - 12
        return Array(png[..<end]) + texts.flatMap { PNGChunk.text($0.keyword, $0.text) } + Array(png[end...])
    }
}
