import Foundation

/// Golden files kept beside the tests that use them, in a `Goldens` folder. Run the tests with
/// SIDEWALK_RECORD_GOLDENS=1 to write them anew; a recording run reports failure, so a golden
/// can never be recorded and passed in the same run.
package enum GoldenFile {
    /// The outcome of comparing bytes with a golden file.
    package enum Outcome: Equatable {
        case matches
        case differs(firstDifference: Int, goldenCount: Int, actualCount: Int)
        case missing(path: String)
        case recorded(path: String)
    }

    /// Compares `bytes` with `Goldens/<name>` next to the test file `testFile` (pass #filePath).
    package static func compare(_ bytes: [UInt8], name: String, testFile: String) -> Outcome {
        let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Goldens")
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SIDEWALK_RECORD_GOLDENS"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data(bytes).write(to: url, options: .atomic)
            return .recorded(path: url.path)
        }
        guard let golden = try? Data(contentsOf: url) else { return .missing(path: url.path) }
        let expected = [UInt8](golden)
        if expected == bytes { return .matches }
        let first =
            zip(expected, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, bytes.count)
        return .differs(firstDifference: first, goldenCount: expected.count, actualCount: bytes.count)
    }
}
