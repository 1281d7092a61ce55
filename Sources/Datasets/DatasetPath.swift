import Foundation

/// Resolves image paths from a manifest inside the dataset folder, refusing any that could
/// leave it: absolute paths, `..` components, and symbolic links that point outside.
enum DatasetPath {
    /// The problem with `relative` as a path inside the dataset, or nil when it is acceptable as
    /// written (the folder's contents are checked by `resolve`).
    static func problem(with relative: String) -> String? {
        if relative.isEmpty { return "is empty" }
        if relative.hasPrefix("/") || relative.hasPrefix("~") { return "must be relative to the dataset folder, not '\(relative)'" }
        if relative.contains("\u{0}") { return "contains a NUL character" }
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains("..") { return "must not leave the dataset folder ('..' in '\(relative)')" }
        return nil
    }

    /// The absolute path of `relative` inside `folder`, with symbolic links resolved; nil when it
    /// resolves outside the folder. The file need not exist.
    static func resolve(_ relative: String, in folder: URL) -> URL? {
        guard problem(with: relative) == nil else { return nil }
        let root = folder.resolvingSymlinksInPath().standardizedFileURL
        let candidate = root.appendingPathComponent(relative).resolvingSymlinksInPath().standardizedFileURL
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return candidate.path.hasPrefix(rootPath) ? candidate : nil
    }
}
