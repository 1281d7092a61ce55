#if canImport(Glibc)
import Glibc
#endif

/// Finds the bundled Assets/ folder: $SIDEWALK_ASSETS, or an `Assets` folder beside or above the
/// executable (a build in .build/<config>/ of a checkout), or ../share/sidewalk/Assets for an
/// installed copy.
enum AssetLocator {
    /// What opens when no image or dataset is named, in order of preference: the demo town,
    /// else the compass panorama.
    static let defaults = ["demo", "default-panorama.png"]

    /// The path of the first default found in an Assets folder, or nil when there is none.
    static func defaultPath() -> String? {
        for name in defaults {
            let found = candidates().map { "\($0)/\(name)" }.first {
                access(name == "demo" ? "\($0)/manifest.json" : $0, R_OK) == 0
            }
            if let found { return found }
        }
        return nil
    }

    /// Folders searched, in order.
    static func candidates() -> [String] {
        var folders: [String] = []
        if let configured = getenv("SIDEWALK_ASSETS") { folders.append(String(cString: configured)) }
        guard var directory = executableDirectory() else { return folders }
        folders.append("\(directory)/../share/sidewalk/Assets")
        for _ in 0..<5 {
            folders.append("\(directory)/Assets")
            guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { break }
            directory = String(directory[..<slash])
        }
        return folders
    }

    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
