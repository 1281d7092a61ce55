import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// At most one request a second to a geocoder, as Nominatim's usage policy asks, for every
/// Sidewalk on the machine: the time of the last request is kept in a file (in the HTTP cache's
/// folder), read and written under an exclusive lock on that file, which a process holds while
/// it waits its turn. Processes searching at the same instant are so sent a second apart, one
/// after another, however many there are (a demo with many visitors).
struct GeocoderPacer: Sendable {
    let file: String
    /// Seconds between two requests.
    static let interval = 1.0

    /// Waits until a request may be sent, then records it as sent now. Without the file (a
    /// cache folder that cannot be written), it waits a whole interval, so it is never faster.
    func wait() {
        let fd = open(file, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            Self.sleep(seconds: Self.interval)
            return
        }
        defer { SystemCall.close(fd) }
        // The lock is the file's, for every process that opens it; closing the file releases it.
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        var text = [UInt8](repeating: 0, count: 64)
        let count = max(0, pread(fd, &text, text.count, 0))
        let last = Double(String(decoding: text.prefix(count), as: UTF8.self)) ?? 0
        // A time from the future (a clock set back, a hostile file) waits at most one interval.
        let pause = min(Self.interval, last + Self.interval - Self.wallSeconds())
        if pause > 0 { Self.sleep(seconds: pause) }
        let now = Array(String(Self.wallSeconds()).utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, now, now.count, 0)
    }

    /// Seconds since 1970, to the microsecond: a clock other processes read alike.
    static func wallSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func sleep(seconds: Double) {
        var none: [pollfd] = []
        _ = SystemCall.poll(&none, seconds: seconds)
    }
}
