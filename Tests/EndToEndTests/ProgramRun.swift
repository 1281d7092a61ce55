import Foundation
import TestSupport

/// The result of running the sidewalk executable without a terminal.
struct ProgramRun {
    let status: Int32
    let standardOutput: String
    let standardError: String
    /// Peak resident memory of the run, kilobytes, when asked for (else 0).
    let peakResidentKilobytes: Int

    /// Runs `sidewalk` with `arguments`, standard input from /dev/null, outputs captured. Unless
    /// `environment` names one, the run gets a fresh snapshot cache of its own, so runs never
    /// share cached results (or touch the user's cache).
    ///
    /// With `measuringMemory`, the run goes through GNU time, which forks it from a small
    /// process: the kernel carries a process's peak memory across exec, so the test process's
    /// own (spawning directly) would hide the program's.
    ///
    /// With `timeLimit`, a run still going after that many seconds is killed (status 137), so a
    /// test of a hang fails instead of hanging.
    ///
    /// `wrapper` runs before it, given the program and its arguments (`FullDisk`'s namespace).
    static func sidewalk(
        _ arguments: [String], environment: [String: String] = [:], measuringMemory: Bool = false,
        timeLimit: Int? = nil, wrapper: [String] = []
    ) throws -> ProgramRun {
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "interactive=no"
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        env["XDG_CACHE_HOME"] = cache.path
        // No geocoder unless the test gives one: a run must never ask a public server.
        let config = cache.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("sidewalk"), withIntermediateDirectories: true)
        try Data(#"{"geocoder": "off"}"#.utf8).write(to: config.appendingPathComponent("sidewalk/config.json"))
        env["XDG_CONFIG_HOME"] = config.path
        // No default street map from the internet under a street-level service's pictures either.
        env["SIDEWALK_STREET_MAP"] = "off"
        // A UTF-8 locale unless the test sets one: what the program writes depends on it.
        if !["LC_ALL", "LC_CTYPE", "LANG"].contains(where: { environment[$0] != nil }) { env["LC_ALL"] = "C.UTF-8" }
        for (key, value) in environment { env[key] = value }
        let report = cache.appendingPathExtension("time")
        defer { try? FileManager.default.removeItem(at: report) }
        let prefix =
            (timeLimit.map { ["timeout", "--signal=KILL", String($0)] } ?? [])
            + (measuringMemory ? ["/usr/bin/time", "-f", "%M", "-o", report.path] : []) + wrapper
        let result = try Subprocess.run(prefix + [BuiltProducts.sidewalk] + arguments, environment: env)
        let peak = measuringMemory ? Int((try String(contentsOf: report, encoding: .utf8)).split(separator: "\n").last ?? "") : 0
        return ProgramRun(
            status: result.status,
            standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
            standardError: String(decoding: result.standardError, as: UTF8.self),
            peakResidentKilobytes: peak ?? -1
        )
    }

    /// A peak-memory bound for a run, kilobytes: `kilobytes` as it is, or `sanitized` times that
    /// under a sanitizer (`scripts/sanitize` sets SIDEWALK_SANITIZER), whose shadow memory and
    /// quarantine weigh on every allocation: four for runs of a few large buffers (images), more
    /// for runs of many small ones (JSON trees: 9 times, measured under ASan).
    static func memoryBound(kilobytes: Int, sanitized: Int = 4) -> Int {
        ProcessInfo.processInfo.environment["SIDEWALK_SANITIZER"] == nil ? kilobytes : sanitized * kilobytes
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
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == parent
        }
    }
}
