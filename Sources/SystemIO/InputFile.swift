#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads of inputs (images, manifests, settings, scripts). Only regular files are
/// read: they are opened with `O_NONBLOCK`, so a FIFO or a device can never block the open or
/// the read, and are refused with a line saying what they are.
package enum InputFile {
    /// Reads `path` whole, refusing anything over `limit` bytes before reading it.
    package static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        let fd = try openRegular(path)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: FileDescriptorIO.message(errno)) }
        let size = Int(info.st_size)
        guard size <= limit else { throw .tooLarge(path: path, bytes: size, limit: limit) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { buffer in SystemCall.retrying { Glibc.read(fd, buffer.baseAddress! + done, size - done) }
            }
            guard n > 0 else {
                throw .unreadable(path: path, reason: n == 0 ? "the file shrank while it was read" : FileDescriptorIO.message(errno))
            }
            done += n
        }
        return bytes
    }

    /// Opens `path` for reading without blocking and checks it is a regular file.
    static func openRegular(_ path: String) throws(FileError) -> Int32 {
        guard !path.isEmpty else { throw .notFound(path: "\"\"") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
            if code == ENXIO || code == ENODEV, let kind = FileKind.of(path) { throw .notRegularFile(path: path, kind: kind.phrase) }
            throw .unreadable(path: path, reason: FileDescriptorIO.message(code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = FileDescriptorIO.message(errno)
            close(fd)
            throw .unreadable(path: path, reason: reason)
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            close(fd)
            throw .notRegularFile(path: path, kind: kind.phrase)
        }
        return fd
    }
}
