#if canImport(Glibc)
import Glibc
#endif

/// Finds the bundled Assets/ folder: $SIDEWALK_ASSETS, or an `Assets` folder beside or above the
/// executable (a build in .build/<config>/ of a checkout), or ../share/sidewalk/Assets for an
/// installed copy.
enum AssetLocator {
    /// File name of the default panorama inside Assets/.
    static let defaultPanorama = "default-panorama.png"

    /// The path of the default panorama, or nil when no Assets folder holds it.
    static func defaultPanoramaPath() -> String? {
        candidates().map { "\($0)/\(defaultPanorama)" }.first { access($0, R_OK) == 0 }
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
