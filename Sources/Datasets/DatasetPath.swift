import FoundationEssentials
import SystemIO

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
    /// when one resolves outside the folder). The file need not exist: the deepest part of the
    /// path that does is resolved, so a link to a folder outside is caught before anything is
    /// written through it. The folder itself is resolved once.
    struct Resolver {
        /// The folder as given, and with its links resolved.
        let folder: URL
        let root: URL
        private let rootPrefix: String

        init(folder: URL) {
            self.folder = folder
            root = URL(fileURLWithPath: Directory.realPath(folder.path) ?? folder.standardizedFileURL.path)
            rootPrefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        }

        func resolve(_ relative: String) -> URL? {
            guard DatasetPath.problem(with: relative) == nil else { return nil }
            var existing = relative.split(separator: "/").map(String.init)
            var missing: [String] = []
            while true {
                if let real = Directory.realPath(([root.path] + existing).joined(separator: "/")) {
                    let candidate = ([real] + missing).joined(separator: "/")
                    return candidate == root.path || candidate.hasPrefix(rootPrefix) ? URL(fileURLWithPath: candidate) : nil
                }
                // Nothing of it exists, the folder included: there is no link to follow.
                guard let last = existing.popLast() else { return root.appendingPathComponent(relative) }
                missing.insert(last, at: 0)
            }
        }

        /// The absolute path of `relative` in the folder, for reading or writing it; throws when
        /// it is not a path inside the folder as written or a link on the way leads out of it.
        func inside(_ relative: String) throws(FileError) -> String {
            let written = folder.appendingPathComponent(relative).path
            guard resolve(relative) != nil else { throw .leadsOutside(path: written, folder: "the dataset folder") }
            return written
        }
    }
}
