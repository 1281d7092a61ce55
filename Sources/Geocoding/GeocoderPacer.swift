import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// At most one request a second to a geocoder, as Nominatim's usage policy asks, for every
/// Sidewalk on the machine: the time of the last request is kept in a file (in the HTTP cache's
/// folder), and a request waits until a second after it. Two processes starting at the same
/// instant may both go; the policy's limit is an average, and a person types one search at a time.
struct GeocoderPacer: Sendable {
    let file: String
    /// Seconds between two requests.
    static let interval = 1.0

    /// Waits until a request may be sent, then records it as sent now.
    func wait() {
        let last = (try? InputFile.read(file, limit: 64)).flatMap { Double(String(decoding: $0, as: UTF8.self)) } ?? 0
        let now = Self.wallSeconds()
        let pause = min(Self.interval, last + Self.interval - now)
        if pause > 0 { Self.sleep(seconds: pause) }
        try? OutputFile.replaceWhole(file, with: Array(String(Self.wallSeconds()).utf8))
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
