/// Credentials carried in addresses (`access_token=`, signed URLs' signatures), hidden wherever
/// an address is shown or kept: errors, the fetches in flight, the HTTP cache's keys and files.
package enum URLSecrets {
    /// Query parameters whose value is a credential, not part of what is asked for (lower case).
    static let names: Set<String> = [
        "access_token", "token", "client_token", "api_key", "apikey", "sig", "signature", "x-amz-signature", "x-amz-credential",
        "x-amz-security-token", "x-goog-signature", "x-goog-credential"
    ]

    /// What stands in for a hidden value.
    package static let placeholder = "REDACTED"

    /// `text` with the value of every `NAME=` that follows `?`, `&` or `;` replaced by
    /// `placeholder`, NAME one of `names` in any case; the value runs to the next `&`, `;`, `#`,
    /// `?`, quote or white space (in free text, a `)` or `:` after it goes too: better a little
    /// more hidden than a piece of a token shown). Text with none is returned as it is.
    package static func redacted(_ text: String) -> String {
        guard text.contains("=") else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            output.append(byte)
            index += 1
            guard byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: ";") else { continue }
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "="), !endsValue(bytes[end]), end - index < 32 { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "=") else { continue }
            let name = String(decoding: bytes[index..<end], as: UTF8.self).lowercased()
            guard names.contains(name) else { continue }
            output += bytes[index...end]
            index = end + 1
            while index < bytes.count, !endsValue(bytes[index]) { index += 1 }
            output += placeholder.utf8
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func endsValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "?") || byte <= 0x20 || byte == 0x7f
    }
}
