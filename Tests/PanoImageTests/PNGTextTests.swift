import PanoCore
import PanoImage
import Testing

/// A picture's credit comes from datasets and servers, and a metadata viewer prints it to its
/// terminal (`exiftool`, `identify -verbose`): what goes into a PNG text chunk is as safe as what
/// goes to ours (issue 36).
@Suite("Text in a PNG's chunks")
struct PNGTextTests {
    /// The iTXt chunks' texts of `png`, read by the PNG specification's layout: an 8-byte
    /// signature, then chunks of a 4-byte big-endian length, a 4-byte type, the data and a CRC;
    /// an iTXt's data is keyword, NUL, compression flag and method, language tag, NUL,
    /// translated keyword, NUL, text.
    private static func iTXtTexts(_ png: [UInt8]) -> [[UInt8]] {
        var texts: [[UInt8]] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let data = Array(png[offset + 8..<min(png.count, offset + 8 + length)])
            if type == "iTXt" {
                var fields = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
                let rest = Array(fields.removeLast().dropFirst(2))  // the compression flag and method
                let afterTags = rest.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
                texts.append(Array(afterTags.last ?? []))
            }
            offset += 12 + length
        }
        return texts
    }

    @Test("controls, escape sequences and bidirectional overrides never reach the chunk; the readable text does")
    func hostileCreditIsSanitised() throws {
        let hostile = "© Lindenfeld\u{1B}]52;c;ZWNobyBoaQ==\u{07}\u{1B}[2J\u{202E}gpj.exe\u{85}\u{9B}31m\u{7F}"
        let png = PNGEncoder.adding(
            texts: [("Copyright", hostile)], to: try PNGEncoder.encode(RGBImage(width: 2, height: 2), name: "memory"))
        let texts = Self.iTXtTexts(png)
        #expect(texts.count == 1)
        let text = try #require(texts.first)
        let decoded = String(decoding: text, as: UTF8.self)
        #expect(decoded.hasPrefix("© Lindenfeld"), "\(decoded)")
        #expect(decoded.contains("gpj.exe"))
        for scalar in decoded.unicodeScalars {
            let value = scalar.value
            #expect(value >= 0x20 && value != 0x7F && !(0x80...0x9F).contains(value), "U+\(String(value, radix: 16)) in the chunk")
            #expect(!(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value), "a bidirectional control in the chunk")
        }
        #expect(throws: Never.self) { try ImageDecoder.decode(png, name: "memory") }
    }
}
