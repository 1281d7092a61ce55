import PanoCore

/// Base64 (RFC 4648), as the terminal image protocols carry their payloads.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with padding; a large input is encoded in pieces on `runner`'s workers.
    public static func encode(_ bytes: [UInt8], runner: any ParallelRunner = SerialRunner()) -> [UInt8] {
        let whole = bytes.count / 3
        let count = (bytes.count + 2) / 3 * 4
        // Below a quarter megabyte the workers would cost more than they save.
        let pieces = bytes.count < 1 << 18 ? 1 : runner.width * 2
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            let target = WorkerShared(out)
            bytes.withUnsafeBufferPointer { input in
                let source = WorkerShared(input)
                runner.run(pieces) { piece in
                    encodeGroups((whole * piece / pieces)..<(whole * (piece + 1) / pieces), from: source.buffer, into: target.buffer)
                }
                encodeTail(from: input, groups: whole, into: out)
            }
            initialized = count
        }
    }

    /// Groups of three bytes `groups` into four letters each.
    private static func encodeGroups(
        _ groups: Range<Int>, from input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        alphabet.withUnsafeBufferPointer { letters in
            for group in groups {
                let i = group * 3
                let triple = Int(input[i]) << 16 | Int(input[i + 1]) << 8 | Int(input[i + 2])
                let o = group * 4
                out[o] = letters[triple >> 18]
                out[o + 1] = letters[triple >> 12 & 63]
                out[o + 2] = letters[triple >> 6 & 63]
                out[o + 3] = letters[triple & 63]
            }
        }
    }

    /// The last one or two bytes, with padding, after `groups` whole groups.
    private static func encodeTail(from input: UnsafeBufferPointer<UInt8>, groups: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        let rest = input.count - groups * 3
        guard rest > 0 else { return }
        let i = groups * 3
        let b0 = Int(input[i])
        let b1 = rest == 2 ? Int(input[i + 1]) : 0
        let o = groups * 4
        out[o] = alphabet[b0 >> 2]
        out[o + 1] = alphabet[(b0 & 3) << 4 | b1 >> 4]
        out[o + 2] = rest == 2 ? alphabet[(b1 & 15) << 2] : UInt8(ascii: "=")
        out[o + 3] = UInt8(ascii: "=")
    }

    /// The bytes of base64 text (padding optional, whitespace skipped); nil when a letter is
    /// outside the alphabet or the text ends part-way through a byte.
    public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var (bits, held) = (0, 0)
        for letter in text {
            let value: Int
            switch letter {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(letter) - 65
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(letter) - 71
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(letter) + 4
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="), 0x20, 0x0A, 0x0D: continue
            default: return nil
            }
            bits = (bits << 6 | value) & 0xFFFFFF
            held += 6
            if held >= 8 {
                held -= 8
                out.append(UInt8(truncatingIfNeeded: bits >> held))
            }
        }
        return held >= 6 ? nil : out
    }
}
