#if canImport(Glibc)
import Glibc
#endif

/// A regular file's lines read in order, a chunk at a time, so a file far larger than memory can
/// be read through: no more than one line (at most `limit` bytes) and one chunk are held at once.
/// Opened as `InputFile` opens inputs (a FIFO or a device is refused instead of blocking); closed
/// when let go.
package final class LineFile {
    /// A line without its newline, or word that it was longer than the limit (it is skipped to
    /// its end, and counted).
    package enum Line: Equatable {
        case text(ArraySlice<UInt8>)
        case tooLong
    }

    package let path: String
    /// The longest line returned, bytes.
    package let limit: Int
    /// The number of the line last returned, from 1.
    package private(set) var number = 0
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var start = 0
    private var ended = false
    /// The bytes read a time.
    private static let chunk = 1 << 20

    package init(_ path: String, limit: Int) throws(FileError) {
        descriptor = try InputFile.openRegular(path)
        (self.path, self.limit) = (path, max(1, limit))
    }

    deinit { SystemCall.close(descriptor) }

    /// The next line; nil after the last. A last line without a newline is a line.
    package func next() throws(FileError) -> Line? {
        while true {
            if let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = end + 1 }
                number += 1
                return end - start > limit ? .tooLong : .text(pending[start..<end])
            }
            if pending.count - start > limit {
                try skipToNewline()
                number += 1
                return .tooLong
            }
            if ended {
                guard start < pending.count else { return nil }
                defer { start = pending.count }
                number += 1
                return .text(pending[start...])
            }
            try readChunk()
        }
    }

    /// Drops what is held of an over-long line and reads on to its end.
    private func skipToNewline() throws(FileError) {
        while true {
            if let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                start = end + 1
                return
            }
            (pending, start) = ([], 0)
            if ended { return }
            try readChunk()
        }
    }

    /// Appends the next chunk, the bytes already taken let go first; marks the end of the file.
    private func readChunk() throws(FileError) {
        if start > 0 {
            pending.removeFirst(start)
            start = 0
        }
        var buffer = [UInt8](repeating: 0, count: Self.chunk)
        let got = SystemCall.read(descriptor, into: &buffer)
        guard got >= 0 else { throw .unreadable(path: path, reason: FileDescriptorIO.message(errno)) }
        if got == 0 { ended = true } else { pending += buffer[..<got] }
    }
}
