#if canImport(Glibc)
import Glibc
#endif

/// How contended this machine's processors are now: the share of the last 10 seconds in which
/// some runnable task waited for a CPU, percent, 0...100 (Linux's pressure stall information,
/// `/proc/pressure/cpu`, "some avg10"); where the kernel has none, the 1-minute load average
/// over the processors online, as a percent of full use, 0...100.
package enum CPUPressure {
    /// The pressure now, percent 0...100; nil when neither source can be read.
    package static func now() -> Double? {
        if let text = kernelText("/proc/pressure/cpu"), let percent = fromPressureStall(text) { return percent }
        guard let text = kernelText("/proc/loadavg") else { return nil }
        return fromLoadAverage(text, processors: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// A file the kernel makes as it is read (its size says 0), at most 4 KiB of it.
    private static func kernelText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return String(decoding: ChildProcess.readAll(descriptor, limit: 4096), as: UTF8.self)
    }

    /// "some avg10=12.50 avg60=…" → 12.5, clamped to 0...100; nil when the line is not there.
    package static func fromPressureStall(_ text: String) -> Double? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("some ") }),
            let field = line.split(separator: " ").first(where: { $0.hasPrefix("avg10=") }),
            let value = Double(field.dropFirst("avg10=".count)), value.isFinite
        else { return nil }
        return min(max(value, 0), 100)
    }

    /// "3.10 2.00 1.50 2/300 4567" on `processors` CPUs → the first figure as a percent of
    /// them all (a load of 2 on 2 CPUs is 100), clamped to 0...100.
    package static func fromLoadAverage(_ text: String, processors: Int) -> Double? {
        guard let first = text.split(separator: " ").first, let load = Double(first), load.isFinite, processors > 0 else {
            return nil
        }
        return min(max(load / Double(processors) * 100, 0), 100)
    }
}
