/// Why an image could not be read or written. Each case names the file; `description` is the
/// one line shown to the user.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    case unknownFormat(path: String)
    case corrupt(path: String, format: String, detail: String)
    case dimensionsTooLarge(path: String, detail: String)
    case tooManyScans(path: String)
    case outOfMemory(path: String)
    case notWritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notFound(path): "\(path): no such file"
        case let .unreadable(path, reason): "\(path): cannot read: \(reason)"
        case let .empty(path): "\(path): the file is empty"
        case let .fileTooLarge(path, bytes, limit): "\(path): \(bytes) bytes is more than the \(limit)-byte limit"
        case let .unknownFormat(path): "\(path): not a JPEG or PNG image"
        case let .corrupt(path, format, detail): "\(path): corrupt \(format): \(detail)"
        case let .dimensionsTooLarge(path, detail): "\(path): image too large: \(detail)"
        case let .tooManyScans(path): "\(path): progressive JPEG has too many scans"
        case let .outOfMemory(path): "\(path): out of memory while decoding"
        case let .notWritable(path, reason): "\(path): cannot write: \(reason)"
        }
    }
}
