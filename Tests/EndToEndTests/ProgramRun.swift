import Foundation
import TestSupport

/// The result of running the sidewalk executable without a terminal.
struct ProgramRun {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// Runs `sidewalk` with `arguments`, standard input from /dev/null, outputs captured. Unless
    /// `environment` names one, the run gets a fresh snapshot cache of its own, so runs never
    /// share cached results (or touch the user's cache).
    static func sidewalk(_ arguments: [String], environment: [String: String] = [:]) throws -> ProgramRun {
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "interactive=no"
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        env["XDG_CACHE_HOME"] = cache.path
        for (key, value) in environment { env[key] = value }
        let result = try Subprocess.run([BuiltProducts.sidewalk] + arguments, environment: env)
        return ProgramRun(
            status: result.status,
            standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
            standardError: String(decoding: result.standardError, as: UTF8.self)
        )
    }

    /// Standard error as lines, without the trailing empty one.
    var errorLines: [Substring] { standardError.split(separator: "\n") }
}

/// Children of a process, from /proc.
enum ProcessTree {
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == parent
        }
    }
}
