#if canImport(Glibc)
import Glibc
#endif

/// A whole file written piece by piece as it is made (a GIF frame by frame), so it is never held
/// in memory: the pieces go into a temporary file of ours beside `path`, counted against a
/// limit, and `commit` puts it in `path`'s place only when whole. Until then, and after any
/// failure, `path` is as it was; a staged file dropped without `commit` takes its temporary
/// with it.
package final class StagedFile {
    /// Where the file goes when whole.
    package let path: String
    /// The most bytes it may have.
    package let limit: Int
    /// Bytes written so far.
    package private(set) var written = 0
    private let temporary: String
    private var descriptor: Int32?

    /// Starts a file for `path`, refused as `OutputFile.replaceWhole` refuses (a folder, a link,
    /// a FIFO or a device there).
    package init(replacing path: String, limit: Int) throws(FileError) {
        let made = try OutputFile.makeTemporary(beside: path)
        (self.path, self.limit, temporary, descriptor) = (path, limit, made.path, made.descriptor)
    }

    /// Appends `bytes`; throws, and removes what was written, when the disk refuses them or they
    /// would take the file past `limit`.
    package func write(_ bytes: [UInt8]) throws(FileError) {
        guard let descriptor else { throw .notWritable(path: path, reason: "it was already ended") }
        guard written + bytes.count <= limit else {
            abandon()
            throw .tooLarge(path: path, bytes: written + bytes.count, limit: limit)
        }
        if case .failed(let code) = FileDescriptorIO.writeAll(descriptor, bytes) {
            abandon()
            throw .notWritable(path: path, reason: FileDescriptorIO.message(code))
        }
        written += bytes.count
    }

    /// Closes the file, flushed to disk, and puts it in `path`'s place.
    package func commit() throws(FileError) {
        guard let descriptor else { throw .notWritable(path: path, reason: "it was already ended") }
        self.descriptor = nil
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw .notWritable(path: path, reason: FileDescriptorIO.message(code))
        }
        try OutputFile.moveTemporary(temporary, over: path)
    }

    /// Closes and removes the temporary file, leaving `path` as it was.
    package func abandon() {
        guard let descriptor else { return }
        self.descriptor = nil
        close(descriptor)
        unlink(temporary)
    }

    deinit { abandon() }
}
