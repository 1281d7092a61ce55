import PanoCore

/// Reads command-line arguments one at a time, with typed values for options.
struct ArgumentReader {
    private var remaining: ArraySlice<String>

    init(_ arguments: [String]) {
        remaining = arguments[...]
    }

    /// The next argument, or nil at the end.
    mutating func next() -> String? {
        remaining.popFirst()
    }

    /// The value that must follow `option`; an empty one is refused unless `allowingEmpty`.
    mutating func value(for option: String, allowingEmpty: Bool = false) throws(UsageError) -> String {
        guard let value = remaining.popFirst() else { throw UsageError(description: "\(option) needs a value") }
        guard allowingEmpty || !value.isEmpty else { throw UsageError(description: "\(option) needs a value, not an empty one") }
        return value
    }

    /// A path given on its own (`what` names it in the message); never empty, since an empty path
    /// would only be reported later as ": no such file".
    static func path(_ argument: String, naming what: String) throws(UsageError) -> String {
        guard !argument.isEmpty else { throw UsageError(description: "the \(what) path is empty") }
        return argument
    }

    /// A finite number in `range` that must follow `option`.
    mutating func number(for option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        let text = try value(for: option)
        guard let value = Double(decimal: text) else {
            throw UsageError(description: "\(option) needs a decimal number, not '\(text)'")
        }
        guard range.contains(value) else {
            throw UsageError(description: "\(option) \(text) is outside \(range.lowerBound.plainText)...\(range.upperBound.plainText)")
        }
        return value
    }

    /// A whole number in `range` that must follow `option`.
    mutating func wholeNumber(for option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let text = try value(for: option)
        guard let value = Int(decimal: text) else {
            throw UsageError(description: "\(option) needs a whole number, not '\(text)'")
        }
        guard range.contains(value) else {
            throw UsageError(description: "\(option) \(text) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// A size "WIDTHxHEIGHT" that must follow `option`, each side in `range`.
    mutating func size(for option: String, in range: ClosedRange<Int>) throws(UsageError) -> (width: Int, height: Int) {
        let text = try value(for: option)
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(decimal: parts[0]), let height = Int(decimal: parts[1]) else {
            throw UsageError(description: "\(option) needs WIDTHxHEIGHT, e.g. 640x360, not '\(text)'")
        }
        guard range.contains(width), range.contains(height) else {
            throw UsageError(description: "\(option) \(text): each side must be \(range.lowerBound)...\(range.upperBound)")
        }
        return (width, height)
    }

    static func unknownOption(_ option: String, command: String) -> UsageError {
        UsageError(description: "unknown option '\(option)'; see sidewalk \(command)--help")
    }
}
