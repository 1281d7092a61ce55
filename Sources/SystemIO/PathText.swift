/// Paths taken apart and put together as text, the way NSString's path methods do (the product
/// links FoundationEssentials only: docs/packaging.md). Nothing here touches the file system.
package enum PathText {
    /// The last component: "/a/b.jpg" → "b.jpg", "/a/b/" → "b", "/" → "/", "" → "".
    package static func lastComponent(_ path: String) -> String {
        let parts = path.split(separator: "/")
        guard let last = parts.last else { return path.hasPrefix("/") ? "/" : "" }
        return String(last)
    }

    /// The path without its last component: "/a/b" → "/a", "/a" → "/", "a" → "", "a/b/" → "a".
    package static func parent(_ path: String) -> String {
        let parts = path.split(separator: "/")
        let absolute = path.hasPrefix("/")
        guard parts.count > 1 else { return absolute ? "/" : "" }
        return (absolute ? "/" : "") + parts.dropLast().joined(separator: "/")
    }

    /// The last component's extension, without its dot: "a/b.JPG" → "JPG"; "" when it has none
    /// ("b", ".profile", "b.").
    package static func fileExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The last component without its extension: "/a/b.tar.gz" → "b.tar", "name." → "name",
    /// ".profile" → ".profile".
    package static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `name` under `folder`, one slash between: ("a", "b") → "a/b", ("a/", "b") → "a/b",
    /// ("", "b") → "b"; "." and empty components dropped ("a/./b//c" → "a/b/c"), ".." kept,
    /// for a link's parent is not the parent its name shows.
    package static func join(_ folder: String, _ name: String) -> String {
        let combined = folder.isEmpty ? name : folder + "/" + name
        let parts = combined.split(separator: "/").filter { $0 != "." }
        let body = parts.joined(separator: "/")
        return combined.hasPrefix("/") ? "/" + body : (body.isEmpty && !combined.isEmpty ? "." : body)
    }
}
