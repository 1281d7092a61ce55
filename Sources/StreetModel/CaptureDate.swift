/// Capture dates as datasets write them: "YYYY-MM" or "YYYY-MM-DD" (Street View shows the
/// month; a day is kept when known). Strings, so that what a dataset says is shown as it says it.
package enum CaptureDate {
    /// True for "YYYY-MM" and "YYYY-MM-DD" naming a day the Gregorian calendar has (no 2024-02-30).
    package static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts[0].count == 4, let year = Int(parts[0]),
            parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month)
        else { return false }
        if parts.count == 3 {
            guard parts[2].count == 2, let day = Int(parts[2]), (1...daysIn(month: month, year: year)).contains(day) else { return false }
        }
        return true
    }

    /// Days in a month of the Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
