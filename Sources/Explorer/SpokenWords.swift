/// Numbers, units, dates and lists as a speech synthesiser should read them: words, never
/// symbols ("10 metres", "90 degrees", "21 June 2024"), rounded to what a listener can use.
package enum SpokenWords {
    /// A distance in metres (≥ 0) as it is said: to the metre under 20 m, to 5 m under 100 m,
    /// to 10 m beyond, since a listener walks towards "about" a place, not to its decimetre.
    package static func metres(_ distance: Double) -> Int {
        let step = distance < 20 ? 1.0 : distance < 100 ? 5.0 : 10.0
        return Int((distance / step).rounded() * step)
    }

    /// A whole number of degrees (any sign) said with its unit: "1 degree", "90 degrees".
    static func degrees(_ value: Int) -> String {
        abs(value) == 1 ? "\(value) degree" : "\(value) degrees"
    }

    /// Items joined as a sentence joins them: "east", "east and west", "east, west and north".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// Text with its symbols and units said: "46.9412° N" as "46.9412 north", "12°" as "12
    /// degrees", "7 m" as "7 metres", "3 km" as "3 kilometres", "2×" as "2 times".
    package static func withoutSymbols(_ text: String) -> String {
        text.replacing(/° ([NSEW])(?![\p{L}])/) { match in " " + (compass[match.1] ?? "") }
            .replacing("°", with: " degrees")
            .replacing(/(\d) m(?![\p{L}])/) { "\($0.1) metres" }
            .replacing(/(\d) km(?![\p{L}])/) { "\($0.1) kilometres" }
            .replacing(/(\d)×/) { "\($0.1) times" }
    }

    private static let compass: [Substring: String] = ["N": "north", "S": "south", "E": "east", "W": "west"]

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December"
    ]

    /// "2024-06" as "June 2024", "2024-06-21" as "21 June 2024"; anything else as it is.
    package static func date(_ date: String) -> String {
        let parts = date.split(separator: "-").map(String.init)
        guard parts.count >= 2, parts.count <= 3, parts[0].count == 4, Int(parts[0]) != nil,
            let month = Int(parts[1]), (1...12).contains(month)
        else { return date }
        let monthYear = "\(months[month - 1]) \(parts[0])"
        guard parts.count == 3 else { return monthYear }
        guard let day = Int(parts[2]), (1...31).contains(day) else { return date }
        return "\(day) \(monthYear)"
    }
}
