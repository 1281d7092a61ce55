import BoundedJSON
import PanoCore

/// The manifest's fields one at a time: each reader records the problem with its JSON path and
/// returns nil, so the decoder goes on and reports every problem at once.
extension ManifestDecoder {
    /// The place under `lat` and `lng` (both required, in degrees).
    mutating func coordinate(_ entry: JSONObject, at path: String) -> Coordinate? {
        let latitude = number(entry, "lat", at: path, in: -90...90, required: true)
        let longitude = number(entry, "lng", at: path, in: -180...180, required: true)
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A string under `key`; nil (and a problem when `required`) when it is missing or not a string.
    mutating func string(_ entry: JSONObject, _ key: String, at path: String, required: Bool) -> String? {
        guard let raw = entry[key] else {
            if required { problem("\(path).\(key)", "is missing") }
            return nil
        }
        guard let value = raw.string else {
            problem("\(path).\(key)", "must be a string")
            return nil
        }
        return value
    }

    /// A finite number under `key` in [lower, upper), or [lower, upper] for a closed range.
    mutating func number(
        _ entry: JSONObject, _ key: String, at path: String, in range: Range<Double>,
        required: Bool = false
    ) -> Double? {
        number(entry, key, at: path, lower: range.lowerBound, upper: range.upperBound, closed: false, required: required)
    }

    /// A finite number under `key` in the closed `range`.
    mutating func number(
        _ entry: JSONObject, _ key: String, at path: String, in range: ClosedRange<Double>,
        required: Bool = false
    ) -> Double? {
        number(entry, key, at: path, lower: range.lowerBound, upper: range.upperBound, closed: true, required: required)
    }

    /// A finite number under `key` from `lower` to `upper` (included when `closed`).
    private mutating func number(
        _ entry: JSONObject, _ key: String, at path: String, lower: Double, upper: Double,
        closed: Bool, required: Bool
    ) -> Double? {
        guard let raw = entry[key] else {
            if required { problem("\(path).\(key)", "is missing") }
            return nil
        }
        guard let value = raw.number else {
            problem("\(path).\(key)", "must be a number, not \(raw.kindPhrase)")
            return nil
        }
        guard value >= lower, closed ? value <= upper : value < upper else {
            let range = closed ? "\(lower.plainText)...\(upper.plainText)" : "[\(lower.plainText), \(upper.plainText))"
            problem("\(path).\(key)", "\(value.plainText) is outside \(range)")
            return nil
        }
        return value
    }

    /// A whole number under `key` in `range` (required).
    mutating func wholeNumber(_ entry: JSONObject, _ key: String, at path: String, in range: ClosedRange<Int>) -> Int? {
        guard let raw = entry[key] else {
            problem("\(path).\(key)", "is missing")
            return nil
        }
        guard let value = raw.integer, range.contains(value) else {
            problem("\(path).\(key)", "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return value
    }
}
