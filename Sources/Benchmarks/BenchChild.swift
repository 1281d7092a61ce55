import FoundationEssentials
import SystemIO

/// A measurement run by this same executable in a fresh process (so memory this one holds or
/// freed is not counted), its `--json` answer decoded. Each child gets an empty HTTP cache of its
/// own, removed afterwards, so web sources are fetched, not read from an earlier run.
package enum BenchChild {
    package static func measure<Answer: Decodable>(_ arguments: [String], as _: Answer.Type, what: String) throws(BenchmarkError) -> Answer
    {
        var environment = ProcessInfo.processInfo.environment
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-bench-cache-\(UUID().uuidString)").path
        environment["XDG_CACHE_HOME"] = cache
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let process: ChildProcess
        do { process = try ChildProcess(["/proc/self/exe"] + arguments, environment: environment, output: .pipe) } catch {
            throw .step("could not start a measurement: \(error)")
        }
        let data = Data(process.readOutput())
        guard process.wait() == 0, let answer = try? JSONDecoder().decode(Answer.self, from: data) else {
            throw .step("the measurement of \(what) failed")
        }
        return answer
    }
}
