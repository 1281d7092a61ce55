import Foundation
import SystemIO
import Testing

/// UTC times from strftime, against Foundation's ISO 8601 formatter.
@Suite("UTC time")
struct UTCTimeTests {
    @Test("Dates and times agree with ISO8601DateFormatter in UTC")
    func agrees() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        for seconds in [0, 951_782_400, 1_700_000_000.9, 4_102_444_799, -86_400, 1_764_979_200] as [Double] {
            let expected = formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
            #expect(UTCTime.text(seconds, "%Y-%m-%dT%H:%M:%SZ") == expected, "\(seconds)")
        }
    }

    @Test("Numbers beyond the calendar are held to years 1 and 9999")
    func clamped() {
        #expect(UTCTime.text(1e300, "%Y") == "9999")
        #expect(UTCTime.text(-1e300, "%Y") == "1")
        #expect(UTCTime.text(.nan, "%Y-%m-%d") == "1970-01-01")
    }

    @Test("Now is within a second of Foundation's now")
    func now() {
        #expect(abs(UTCTime.now() - Date().timeIntervalSince1970) < 1)
    }
}
