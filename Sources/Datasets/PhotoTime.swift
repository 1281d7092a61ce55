/// Times as photos and GPS tracks write them, as seconds since 1970-01-01 00:00 UTC.
package enum PhotoTime {
    /// EXIF's "YYYY:MM:DD HH:MM:SS" (DateTimeOriginal), a local time, at `offset` seconds east
    /// of UTC; nil when malformed.
    static func exif(_ text: String, offset: Int) -> Double? {
        let digits = Array(text.utf8.prefix(19))
        guard digits.count == 19, [4, 7].allSatisfy({ digits[$0] == UInt8(ascii: ":") }), digits[10] == UInt8(ascii: " "),
            [13, 16].allSatisfy({ digits[$0] == UInt8(ascii: ":") })
        else { return nil }
        return seconds(digits, offset: offset)
    }

    /// ISO 8601 as GPX writes it: "YYYY-MM-DDTHH:MM:SS", optional fraction, then "Z" or ±HH:MM
    /// (a time with neither is UTC); nil when malformed.
    static func iso8601(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, [4, 7].allSatisfy({ bytes[$0] == UInt8(ascii: "-") }), bytes[10] == UInt8(ascii: "T"),
            [13, 16].allSatisfy({ bytes[$0] == UInt8(ascii: ":") })
        else { return nil }
        var rest = bytes[19...]
        var fraction = 0.0
        if rest.first == UInt8(ascii: ".") {
            let digits = rest.dropFirst().prefix { (0x30...0x39).contains($0) }
            guard !digits.isEmpty, digits.count <= 9, let value = Double(String(decoding: digits, as: UTF8.self)) else { return nil }
            fraction = value / pow10(digits.count)
            rest = rest.dropFirst(1 + digits.count)
        }
        let offset: Int
        if rest.isEmpty || Array(rest) == [UInt8(ascii: "Z")] {
            offset = 0
        } else if let zone = offsetSeconds(String(decoding: rest, as: UTF8.self)) {
            offset = zone
        } else {
            return nil
        }
        return seconds(Array(bytes.prefix(19)), offset: offset).map { $0 + fraction }
    }

    /// "+02:00", "-0530" or "Z" as seconds east of UTC (within ±14 h); nil when malformed.
    package static func offsetSeconds(_ text: String) -> Int? {
        if text == "Z" { return 0 }
        let bytes = Array(text.utf8)
        guard bytes.count == 6 || bytes.count == 5, let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return nil
        }
        let digits = bytes.count == 6 ? [bytes[1], bytes[2], bytes[4], bytes[5]] : Array(bytes[1...])
        guard bytes.count == 5 || bytes[3] == UInt8(ascii: ":"), let hours = number(digits[0..<2]), let minutes = number(digits[2..<4]),
            hours <= 14, minutes < 60
        else { return nil }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// "YYYY?MM?DD?HH?MM?SS" (separators already checked) at `offset` seconds east of UTC.
    private static func seconds(_ bytes: [UInt8], offset: Int) -> Double? {
        guard let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86400 + hour * 3600 + minute * 60 + second - offset)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func pow10(_ n: Int) -> Double {
        (0..<n).reduce(1.0) { value, _ in value * 10 }
    }
}
