import CZlib

/// gzip and zlib streams inflated by zlib, within a size limit (a small archive could claim to
/// inflate to gigabytes).
package enum Gzip {
    /// True when `bytes` start as a gzip member does (RFC 1952: 1f 8b).
    package static func isCompressed(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// The inflated bytes of a gzip (or zlib) stream, at most `limit`; nil when the stream is
    /// broken or inflates past the limit.
    package static func inflate(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
        guard !bytes.isEmpty else { return [] }
        var stream = z_stream()
        // 32 + 15: a gzip or a zlib header, detected, and the largest window.
        guard inflateInit2_(&stream, 32 + 15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = bytes
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count + produced <= limit else { return nil }
                output += chunk[0..<produced]
                switch status {
                case Z_STREAM_END: return output
                case Z_OK where produced > 0 || stream.avail_in > 0: continue
                default: return nil
                }
            }
        }
    }
}
