import Foundation

/// Paths of the products built beside the running test binary.
package enum BuiltProducts {
    /// The build folder holding the test binary (e.g. .build/debug).
    package static var directory: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // The test binary is .build/<triple>/<config>/<Package>PackageTests.xctest (a file on Linux).
        while url.pathComponents.count > 1 && !FileManager.default.fileExists(atPath: url.appendingPathComponent("sidewalk").path) {
            url.deleteLastPathComponent()
        }
        return url
    }

    /// The `sidewalk` executable under test.
    package static var sidewalk: String { directory.appendingPathComponent("sidewalk").path }

    /// The package's root folder (holding Package.swift), found from a test file's #filePath.
    package static func packageRoot(from testFile: String) -> URL {
        var url = URL(fileURLWithPath: testFile)
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }
}
