/// Base64 (RFC 4648), as the terminal image protocols carry their payloads.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with padding.
    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        let whole = bytes.count / 3
        let rest = bytes.count - whole * 3
        let count = (bytes.count + 2) / 3 * 4
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            bytes.withUnsafeBufferPointer { input in
                alphabet.withUnsafeBufferPointer { letters in
                    for group in 0..<whole {
                        let i = group * 3
                        let triple = Int(input[i]) << 16 | Int(input[i + 1]) << 8 | Int(input[i + 2])
                        let o = group * 4
                        out[o] = letters[triple >> 18]
                        out[o + 1] = letters[triple >> 12 & 63]
                        out[o + 2] = letters[triple >> 6 & 63]
                        out[o + 3] = letters[triple & 63]
                    }
                    if rest > 0 {
                        let i = whole * 3
                        let b0 = Int(input[i])
                        let b1 = rest == 2 ? Int(input[i + 1]) : 0
                        let o = whole * 4
                        out[o] = letters[b0 >> 2]
                        out[o + 1] = letters[(b0 & 3) << 4 | b1 >> 4]
                        out[o + 2] = rest == 2 ? letters[(b1 & 15) << 2] : UInt8(ascii: "=")
                        out[o + 3] = UInt8(ascii: "=")
                    }
                }
            }
            initialized = count
        }
    }
}
