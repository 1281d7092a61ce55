import Foundation

/// A measurement run by this same executable in a fresh process (so memory this one holds or
/// freed is not counted), its `--json` answer decoded. Each child gets an empty HTTP cache of its
/// own, removed afterwards, so web sources are fetched, not read from an earlier run.
package enum BenchChild {
    package static func measure<Answer: Decodable>(_ arguments: [String], as _: Answer.Type, what: String) throws(BenchmarkError) -> Answer
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        var environment = ProcessInfo.processInfo.environment
        let cache = NSTemporaryDirectory() + "sidewalk-bench-cache-\(UUID().uuidString)"
        environment["XDG_CACHE_HOME"] = cache
        process.environment = environment
        defer { try? FileManager.default.removeItem(atPath: cache) }
        do { try process.run() } catch { throw .step("could not start a measurement: \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let answer = try? JSONDecoder().decode(Answer.self, from: data) else {
            throw .step("the measurement of \(what) failed")
        }
        return answer
    }
}
