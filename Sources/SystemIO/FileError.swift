/// Why a file could not be read or written. Each case names the path; `description` is the one
/// line a user sees.
package enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    /// The path names something that is not a regular file (a folder, a FIFO, a device), where
    /// only a regular file will do; `kind` says what it is.
    case notRegularFile(path: String, kind: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
    case unreadable(path: String, reason: String)
    /// A FIFO opened for writing that no process is reading.
    case noReader(path: String)
    case notWritable(path: String, reason: String)
    /// A whole-file output would replace something that is not a regular file.
    case refusingToReplace(path: String, kind: String)
    /// The path, read or written inside `folder`, leads out of it (through a symbolic link).
    case leadsOutside(path: String, folder: String)

    /// The file named.
    package var path: String {
        switch self {
        case .notFound(let path), .notRegularFile(let path, _), .tooLarge(let path, _, _), .unreadable(let path, _),
            .noReader(let path), .notWritable(let path, _), .refusingToReplace(let path, _), .leadsOutside(let path, _):
            path
        }
    }

    /// What is wrong, without the path.
    package var reason: String {
        switch self {
        case .notFound: "no such file"
        case .notRegularFile(_, let kind): "is \(kind), not a regular file"
        case .tooLarge(_, let bytes, let limit): "\(bytes) bytes is more than the \(limit)-byte limit"
        case .unreadable(_, let reason): "cannot read: \(reason)"
        case .noReader: "a FIFO with no reader; start the reader first"
        case .notWritable(_, let reason): "cannot write: \(reason)"
        case .refusingToReplace(_, let kind): "is \(kind); refusing to replace it with a file (name a regular file or a new path)"
        case .leadsOutside(_, let folder): "leads outside \(folder) (a symbolic link?); refusing to follow it"
        }
    }

    package var description: String { "\(path): \(reason)" }
}
