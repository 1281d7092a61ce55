#if canImport(Glibc)
import Glibc
#endif

/// A regular file read by ranges from any thread (a PMTiles archive: a header, directories and
/// tiles at their offsets), opened as `InputFile` opens inputs, so a FIFO or a device is refused
/// instead of blocking. Closed when the last holder lets it go.
package final class RandomAccessFile: Sendable {
    private let descriptor: Int32
    /// The file's path, for messages.
    package let path: String

    package init(_ path: String) throws(FileError) {
        descriptor = try InputFile.openRegular(path)
        self.path = path
    }

    deinit { SystemCall.close(descriptor) }

    /// `length` bytes at `offset` (at most 64 MB); nil when the file has fewer, or on an error.
    package func read(offset: Int, length: Int) -> [UInt8]? {
        guard offset >= 0, length >= 0, length <= 64 << 20, offset <= Int(Int64.max) - length else { return nil }
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let got = bytes.withUnsafeMutableBytes { buffer in
                SystemCall.retrying { pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset + done)) }
            }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}
