import CPNG

/// zlib's own compressor, for comparing Sidewalk's frame encoders against it.
package enum ZlibStream {
    /// `bytes` as one zlib stream at `level` (1 fastest ... 9 smallest).
    package static func compress(_ bytes: [UInt8], level: Int) -> [UInt8] {
        var size = sw_zlib_bound(bytes.count)
        var out = [UInt8](repeating: 0, count: size)
        let status = out.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { sw_zlib_compress(output.baseAddress, &size, $0.baseAddress, $0.count, Int32(level)) }
        }
        // compressBound's capacity always suffices, so zlib fails only without memory.
        precondition(status == 0, "zlib could not compress (out of memory)")
        return Array(out.prefix(size))
    }
}
