#if canImport(Glibc)
import Glibc
#endif

/// What a folder holds, and removing what is in it: the directory operations of the caches
/// (snapshots, HTTP) and of imports taken back, none of them following a symbolic link.
package enum Directory {
    /// A regular file directly in a folder.
    package struct File: Equatable, Sendable {
        /// The file's name in its folder (no slash).
        package let name: String
        /// Its size in bytes, >= 0.
        package let bytes: Int
        /// When it was last written, seconds since 1970 (fractional).
        package let modified: Double
    }

    /// `path` with every symbolic link and `.`/`..` resolved (realpath(3)), or nil when it does
    /// not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// True when `path` exists and, its links resolved, lies inside `folder` (resolved too).
    package static func lies(_ path: String, inside folder: String) -> Bool {
        guard let real = realPath(path), let root = realPath(folder) else { return false }
        return real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// True when `path` exists and, its links resolved, is `folder` or lies inside it.
    package static func isOrLies(_ path: String, inside folder: String) -> Bool {
        realPath(path).map { $0 == realPath(folder) } ?? false || lies(path, inside: folder)
    }

    /// The regular files directly in `folder`, from `lstat` (a link to a file is not one), in no
    /// set order; empty when the folder cannot be read.
    package static func regularFiles(in folder: String) -> [File] {
        names(in: folder).compactMap { name in
            var info = stat()
            guard SystemCall.retrying({ lstat(folder + "/" + name, &info) }) == 0, FileKind(mode: info.st_mode) == .regular else {
                return nil
            }
            return File(name: name, bytes: Int(info.st_size), modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }
    }

    /// The size of the regular file at `path`, bytes (>= 0), from `lstat`; nil for anything else.
    package static func size(of path: String) -> Int? {
        var info = stat()
        guard SystemCall.retrying({ lstat(path, &info) }) == 0, FileKind(mode: info.st_mode) == .regular else { return nil }
        return Int(info.st_size)
    }

    /// Removes the file, link or empty folder at `path` (a link itself, not what it names); true
    /// when it is gone.
    @discardableResult
    package static func remove(_ path: String) -> Bool {
        FileKind.of(path) == .directory ? rmdir(path) == 0 : unlink(path) == 0
    }

    /// Removes `path` and, when it is a folder (not a link to one), everything below it, deepest
    /// first, never following a link out; true when it is gone. For a folder its caller made.
    @discardableResult
    package static func removeTree(_ path: String) -> Bool {
        if FileKind.of(path) == .directory {
            for name in names(in: path) { removeTree(path + "/" + name) }
        }
        return remove(path)
    }

    /// The names in `folder` but `.` and `..`, in no set order; empty when it cannot be read.
    private static func names(in folder: String) -> [String] {
        entries(in: folder) ?? []
    }

    /// The names in `folder` but `.` and `..`, in no set order; nil when it is not a folder that
    /// can be read.
    package static func entries(in folder: String) -> [String]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
