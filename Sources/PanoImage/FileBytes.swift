#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and atomic writes with POSIX calls, so image I/O needs no Foundation.
enum FileBytes {
    /// Reads a whole file, refusing one larger than `limit` bytes before reading it.
    static func read(_ path: String, limit: Int) throws(ImageError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        let size = Int(info.st_size)
        guard size <= limit else { throw .fileTooLarge(path: path, bytes: size, limit: limit) }
        guard size > 0 else { throw .empty(path: path) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .unreadable(path: path, reason: n == 0 ? "file shrank while reading" : String(cString: strerror(errno))) }
            done += n
        }
        return bytes
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so a
    /// reader never sees half a file.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImageError) {
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .notWritable(path: path, reason: String(cString: strerror(errno))) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw .notWritable(path: path, reason: reason)
            }
            done += n
        }
        guard close(fd) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .notWritable(path: path, reason: reason)
        }
    }
}
