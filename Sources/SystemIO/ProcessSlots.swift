#if canImport(Glibc)
import Glibc
#endif

/// Room for at most `count` processes at once (a demo's visitors, `--max-visitors`), kept by file
/// locks that die with their holder: each process holds `flock` on one `slot-K.lock` in a folder
/// of the user's own, so a visitor whose link drops frees the slot the moment the process ends,
/// with nothing to clean up. The folder is made (mode 0700) when missing; one that is not the
/// user's own folder (a link, another user's) is refused, so no one can hold the slots for them.
package final class ProcessSlots {
    private let descriptor: Int32
    /// The slot held, 0..<count.
    package let index: Int

    private init(descriptor: Int32, index: Int) {
        (self.descriptor, self.index) = (descriptor, index)
    }

    /// A free slot of `count` in `folder`, held until this value is released (or the process
    /// ends); nil when all are held. A slot whose file is not one (a folder, a link, a socket put
    /// there) is passed over, not taken for held; throws only when no slot can be opened at all.
    package static func take(count: Int, in folder: String) throws(FileError) -> ProcessSlots? {
        if mkdir(folder, 0o700) != 0, errno != EEXIST { throw .notWritable(path: folder, reason: FileDescriptorIO.message(errno)) }
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
            status.st_mode & 0o022 == 0
        else {
            throw .notWritable(path: folder, reason: "not a folder of this user's own that only it can write (a link, or another user's?)")
        }
        var (unusable, opened) = (FileError?.none, false)
        for index in 0..<max(count, 0) {
            let path = folder + "/slot-\(index).lock"
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
            guard descriptor >= 0, FileKind.of(path) == .regular else {
                unusable =
                    unusable ?? .notWritable(path: path, reason: descriptor >= 0 ? "not a regular file" : FileDescriptorIO.message(errno))
                if descriptor >= 0 { SystemCall.close(descriptor) }
                continue
            }
            opened = true
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return ProcessSlots(descriptor: descriptor, index: index) }
            SystemCall.close(descriptor)
        }
        if !opened, let unusable { throw unusable }
        return nil
    }

    deinit {
        SystemCall.close(descriptor)
    }
}
