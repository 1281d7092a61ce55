/// Percent-encoding (RFC 3986): ASCII letters and digits, and the characters a caller keeps, as
/// they are; every other byte of the UTF-8 as `%XX`.
package enum PercentEncoding {
    package static func encode(_ text: String, keeping kept: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || kept.unicodeScalars.contains(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
