#if canImport(Glibc)
import Glibc
#endif

/// The two ways Sidewalk writes a file, so that nothing that isn't ours is ever replaced
/// (docs/reliability.md):
/// - a whole file (snapshot, manifest, cache entry) is written to a temporary file beside it and
///   renamed over it, and only where there is nothing yet or a regular file: a folder, a link,
///   a FIFO or a device is refused;
/// - a stream (`--events`) is opened in place, so a device, a FIFO or a link is written to as
///   itself and never replaced.
package enum OutputFile {
    /// Makes the folder `path` (its parent must exist); a folder already there is fine.
    package static func makeFolder(_ path: String) throws(FileError) {
        guard mkdir(path, 0o777) == 0 || (errno == EEXIST && FileKind.of(path) == .directory) else {
            throw .notWritable(path: path, reason: FileDescriptorIO.message(errno))
        }
    }

    /// Throws what `replaceWhole` would refuse `path` for (an empty path; a folder, a link, a FIFO
    /// or a device there), so a command can say so before its work rather than after it.
    package static func checkReplaceable(_ path: String) throws(FileError) {
        guard !path.isEmpty else { throw .notWritable(path: "\"\"", reason: "the path is empty") }
        if let kind = FileKind.of(path), kind != .regular { throw .refusingToReplace(path: path, kind: kind.phrase) }
    }

    /// Writes `bytes` as the whole of `path`, atomically: a reader sees the old file or the new
    /// one, never half of one.
    package static func replaceWhole(_ path: String, with bytes: [UInt8]) throws(FileError) {
        try replaceWhole(path, withPieces: [bytes])
    }

    /// As `replaceWhole(_:with:)`, the file being `pieces` one after another (so a header and a
    /// large body need not be joined into a copy first).
    package static func replaceWhole(_ path: String, withPieces pieces: [[UInt8]]) throws(FileError) {
        let (fd, temporary) = try makeTemporary(beside: path)
        func fail(_ code: Int32) -> FileError {
            close(fd)
            unlink(temporary)
            return .notWritable(path: path, reason: FileDescriptorIO.message(code))
        }
        for piece in pieces {
            if case .failed(let code) = FileDescriptorIO.writeAll(fd, piece) { throw fail(code) }
        }
        guard close(fd) == 0 else { throw fail(errno) }
        try moveTemporary(temporary, over: path)
    }

    /// A new, empty file of ours beside `path` (created exclusively, so nothing else is ever
    /// opened), with the permissions `path` has or a new file would have: its descriptor and
    /// name, for a writer that is not this process (ffmpeg) or for `replaceWhole`. Hand it to
    /// `moveTemporary` when whole, or unlink it.
    package static func makeTemporary(beside path: String) throws(FileError) -> (descriptor: Int32, path: String) {
        try checkReplaceable(path)
        var existing = stat()
        let exists = lstat(path, &existing) == 0
        let (folder, name) = split(path)
        var template = Array("\(folder)/.\(name).sidewalk-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .notWritable(path: path, reason: FileDescriptorIO.message(errno)) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The permissions the file had, or the usual ones for a new file (less the umask).
        let mask = umask(0)
        umask(mask)
        let mode = exists ? existing.st_mode & 0o7777 : 0o666 & ~mask
        guard fchmod(fd, mode) == 0 else {
            let code = errno
            close(fd)
            unlink(temporary)
            throw .notWritable(path: path, reason: FileDescriptorIO.message(code))
        }
        return (fd, temporary)
    }

    /// Puts the finished `temporary` (from `makeTemporary`) in `path`'s place, atomically, after
    /// flushing it to disk; refused, and the temporary removed, when something that is not a
    /// regular file has appeared at `path` meanwhile.
    package static func moveTemporary(_ temporary: String, over path: String) throws(FileError) {
        let fd = open(temporary, O_RDONLY | O_CLOEXEC)
        let synced = fd >= 0 && fsync(fd) == 0
        let code = errno
        if fd >= 0 { close(fd) }
        guard synced else {
            unlink(temporary)
            throw .notWritable(path: path, reason: FileDescriptorIO.message(code))
        }
        // Checked again just before the rename: something else may have been put there meanwhile.
        if let kind = FileKind.of(path), kind != .regular {
            unlink(temporary)
            throw .refusingToReplace(path: path, kind: kind.phrase)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .notWritable(path: path, reason: FileDescriptorIO.message(code))
        }
    }

    /// Opens `path` for a stream of writes, in place: created when absent, emptied when it is a
    /// regular file (or appended to, with `append`), written as itself when it is a device, a
    /// FIFO or a link to one. A FIFO must already have a reader. The descriptor blocks on write.
    package static func openStream(_ path: String, append: Bool = false) throws(FileError) -> Int32 {
        guard !path.isEmpty else { throw .notWritable(path: "\"\"", reason: "the path is empty") }
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (append ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o666)
        guard fd >= 0 else {
            let code = errno
            if code == ENXIO { throw .noReader(path: path) }
            if code == EISDIR { throw .refusingToReplace(path: path, kind: FileKind.directory.phrase) }
            throw .notWritable(path: path, reason: FileDescriptorIO.message(code))
        }
        // O_NONBLOCK only kept the open of a FIFO from waiting for a reader.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// The folder (or ".") and the last component of `path`.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
