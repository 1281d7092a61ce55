#if canImport(Glibc)
import Glibc
#endif

/// Times written for people and files in UTC, by the C library's strftime (the product links
/// FoundationEssentials only, which has no date formatter: docs/packaging.md).
package enum UTCTime {
    /// `seconds` since 1970 (clamped to the years 1 to 9999) laid out by a strftime `format`,
    /// in UTC: `UTCTime.text(0, "%Y-%m-%d")` is "1970-01-01".
    package static func text(_ seconds: Double, _ format: String) -> String {
        let clamped = seconds.isFinite ? min(max(seconds, -62_135_596_800), 253_402_300_799) : 0
        var whole = time_t(clamped.rounded(.down))
        var parts = tm()
        guard gmtime_r(&whole, &parts) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: 128)
        let length = buffer.withUnsafeMutableBufferPointer { strftime($0.baseAddress, $0.count, format, &parts) }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Now, in seconds since 1970.
    package static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
