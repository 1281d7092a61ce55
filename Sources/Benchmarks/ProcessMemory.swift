import FoundationEssentials
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// This process's memory, from /proc/self (Linux), for the benchmarks.
package enum ProcessMemory {
    /// Resident memory now, bytes (VmRSS).
    static func resident() -> Int {
        field("VmRSS:")
    }

    /// The most resident memory since start or since `resetPeak()`, bytes (VmHWM).
    static func peak() -> Int {
        field("VmHWM:")
    }

    /// Makes the peak the resident memory now (writes 5 to /proc/self/clear_refs, Linux 4.0 and
    /// later), so a step's own peak can be read after it.
    static func resetPeak() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = FileDescriptorIO.writeAll(descriptor, Array("5".utf8))
        SystemCall.close(descriptor)
    }

    /// `bytes` in megabytes (2^20), to one decimal, as the benchmarks report them.
    static func megabytes(_ bytes: Int) -> Double {
        (Double(bytes) / 1_048_576 * 10).rounded() / 10
    }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }
}
