#if canImport(Glibc)
import Glibc
#endif

/// What a path names, from `lstat` (links are not followed) or `fstat`.
package enum FileKind: Equatable, Sendable {
    case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket

    /// The kind of an `st_mode`.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .socket
        }
    }

    /// What `path` itself is (a link is reported as a link), or nil when nothing is there.
    package static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// What `path` leads to, following links, or nil when nothing is there.
    package static func following(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// With an article, for messages: "a folder", "a FIFO".
    package var phrase: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a folder"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        }
    }
}
