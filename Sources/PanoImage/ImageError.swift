import SystemIO

/// Why an image could not be read or written. Each case names the file; `description` is the
/// one line shown to the user.
package enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file itself could not be read or written (missing, not a regular file, too large).
    case file(FileError)
    case empty(path: String)
    case unknownFormat(path: String)
    case corrupt(path: String, format: String, detail: String)
    case dimensionsTooLarge(path: String, detail: String)
    case tooManyScans(path: String)
    case outOfMemory(path: String)
    case notWritable(path: String, reason: String)

    package var description: String {
        switch self {
        case .file(let error): error.description
        case .empty(let path): "\(path): the file is empty"
        case .unknownFormat(let path): "\(path): not a JPEG or PNG image"
        case .corrupt(let path, let format, let detail): "\(path): corrupt \(format): \(detail)"
        case .dimensionsTooLarge(let path, let detail): "\(path): image too large: \(detail)"
        case .tooManyScans(let path): "\(path): progressive JPEG has too many scans"
        case .outOfMemory(let path): "\(path): not enough memory to decode it (is a memory limit such as ulimit -v set?)"
        case .notWritable(let path, let reason): "\(path): cannot write: \(reason)"
        }
    }
}
