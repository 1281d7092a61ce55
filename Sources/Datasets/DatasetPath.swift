import Foundation

/// Checks image paths from a manifest against the dataset folder, refusing any that could leave
/// it: absolute paths, `..` components, and symbolic links that point outside.
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

    /// Resolves paths inside one folder to absolute paths with symbolic links resolved (nil
    /// when one resolves outside the folder; the file need not exist). The folder itself is
    /// resolved once.
    struct Resolver {
        let root: URL
        private let rootPrefix: String

        init(folder: URL) {
            root = folder.resolvingSymlinksInPath().standardizedFileURL
            rootPrefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        }

        func resolve(_ relative: String) -> URL? {
            guard DatasetPath.problem(with: relative) == nil else { return nil }
            let candidate = root.appendingPathComponent(relative).resolvingSymlinksInPath().standardizedFileURL
            return candidate.path.hasPrefix(rootPrefix) ? candidate : nil
        }
    }
}
