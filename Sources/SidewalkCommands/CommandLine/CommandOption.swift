import PanoCore

/// One option of a command, declared once: its names, the value it takes, its help, and what it
/// sets. `--help` and every error message about the option are made from this declaration.
struct CommandOption<Settings> {
    /// The names shown in `--help`, e.g. ["-o", "--output"].
    let names: [String]
    /// Other spellings accepted but not shown (e.g. "--colour").
    let aliases: [String]
    /// What the value is called in `--help` ("DEG"); nil when the option takes no value.
    let placeholder: String?
    /// What the option does, with its range, choices and default as the table states them.
    let help: String
    /// Sets the option's value on the settings; the text is "" for an option without a value.
    let apply: (inout Settings, String) throws(UsageError) -> Void
    /// The words it takes, when it takes one of a few (shells complete them); empty otherwise.
    var choices: [String] = []

    /// Every spelling this option answers to.
    var spellings: [String] { names + aliases }

    /// The left column of its `--help` line: "-o, --output PATH".
    var helpName: String {
        names.joined(separator: ", ") + (placeholder.map { " " + $0 } ?? "")
    }

    /// The same option on a part of larger settings (the camera options on a command's camera).
    func lifted<Whole>(into part: WritableKeyPath<Whole, Settings>) -> CommandOption<Whole> {
        let apply = apply
        var whole = CommandOption<Whole>(names: names, aliases: aliases, placeholder: placeholder, help: help) {
            whole, text throws(UsageError) in
            try apply(&whole[keyPath: part], text)
        }
        whole.choices = choices
        return whole
    }
}

extension CommandOption {
    /// An option without a value.
    static func flag(_ names: String..., help: String, _ set: @escaping (inout Settings) -> Void) -> Self {
        Self(names: names, aliases: [], placeholder: nil, help: help) { settings, _ in set(&settings) }
    }

    /// An option whose value is any text (a path, an id); never empty unless `allowingEmpty`.
    static func text(
        _ name: String, _ placeholder: String, aliases: [String] = [], allowingEmpty: Bool = false, help: String,
        _ set: @escaping (inout Settings, String) -> Void
    ) -> Self {
        parsed(name, placeholder, aliases: aliases, allowingEmpty: allowingEmpty, help: help, parse: { $0 }, set)
    }

    /// An option whose value `parse` turns into a `Value` or refuses with the reason; the
    /// message shown is "NAME TEXT: REASON".
    static func parsed<Value>(
        _ name: String, _ placeholder: String, aliases: [String] = [], allowingEmpty: Bool = false, help: String,
        parse: @escaping (String) throws(OptionValueError) -> Value,
        _ set: @escaping (inout Settings, Value) -> Void
    ) -> Self {
        Self(names: [name], aliases: aliases, placeholder: placeholder, help: help) { settings, text throws(UsageError) in
            guard allowingEmpty || !text.isEmpty else { throw UsageError(description: "\(name) needs a value, not an empty one") }
            let value: Value
            do throws(OptionValueError) { value = try parse(text) } catch {
                throw UsageError(description: error.message(option: name, text: text))
            }
            set(&settings, value)
        }
    }

    /// A finite decimal number within `range`.
    static func number(
        _ name: String, _ placeholder: String, in range: ClosedRange<Double>, default value: Double? = nil,
        help: String, _ set: @escaping (inout Settings, Double) -> Void
    ) -> Self {
        let bounds = "\(range.lowerBound.plainText)...\(range.upperBound.plainText)"
        return parsed(
            name, placeholder, help: help + ", " + bounds + defaultText(value?.plainText),
            parse: { (text) throws(OptionValueError) in
                guard let number = Double(decimal: text) else { throw .wrongForm("a decimal number") }
                guard range.contains(number) else { throw .outside(bounds) }
                return number
            }, set)
    }

    /// A whole number within `range`.
    static func wholeNumber(
        _ name: String, _ placeholder: String, in range: ClosedRange<Int>, default value: Int? = nil,
        help: String, _ set: @escaping (inout Settings, Int) -> Void
    ) -> Self {
        let bounds = "\(range.lowerBound)...\(range.upperBound)"
        return parsed(
            name, placeholder, help: help + ", " + bounds + defaultText(value.map(String.init)),
            parse: { (text) throws(OptionValueError) in
                guard let number = Int(decimal: text) else { throw .wrongForm("a whole number") }
                guard range.contains(number) else { throw .outside(bounds) }
                return number
            }, set)
    }

    /// One word of `choices`; `glosses` says in help what a word means where it doesn't say itself.
    static func choice(
        _ name: String, _ placeholder: String, _ choices: [String], glosses: [String: String] = [:], aliases: [String] = [],
        default value: String? = nil, help: String, _ set: @escaping (inout Settings, String) -> Void
    ) -> Self {
        func list(_ words: [String]) -> String { words.dropLast().joined(separator: ", ") + " or " + words.last! }
        let described = list(choices.map { word in glosses[word].map { "\(word) (\($0))" } ?? word })
        var option = parsed(
            name, placeholder, aliases: aliases, help: help + ": " + described + defaultText(value),
            parse: { (text) throws(OptionValueError) in
                guard choices.contains(text) else { throw .notAChoice(list(choices)) }
                return text
            }, set)
        option.choices = choices
        return option
    }

    /// A size "WIDTHxHEIGHT", each side within `range`.
    static func size(
        _ name: String, in range: ClosedRange<Int>, help: String,
        _ set: @escaping (inout Settings, (width: Int, height: Int)) -> Void
    ) -> Self {
        parsed(name, "WxH", help: help, parse: { (text) throws(OptionValueError) in try sizeValue(text, in: range) }, set)
    }

    /// Sizes "WxH,WxH…", each side within `range`, at least one, at most `most`.
    static func sizes(
        _ name: String, in range: ClosedRange<Int>, most: Int, help: String,
        _ set: @escaping (inout Settings, [(width: Int, height: Int)]) -> Void
    ) -> Self {
        parsed(
            name, "WxH[,WxH…]", help: help,
            parse: { (text) throws(OptionValueError) in
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count <= most else { throw .reason("at most \(most) sizes") }
                return try parts.map { (part) throws(OptionValueError) in try sizeValue(String(part), in: range) }
            }, set)
    }

    /// "WIDTHxHEIGHT" read, each side within `range`.
    static func sizeValue(_ text: String, in range: ClosedRange<Int>) throws(OptionValueError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(decimal: parts[0]), let height = Int(decimal: parts[1]) else {
            throw .wrongForm("WIDTHxHEIGHT, e.g. 640x360")
        }
        guard range.contains(width), range.contains(height) else {
            throw .reason("each side must be \(range.lowerBound)...\(range.upperBound)")
        }
        return (width, height)
    }

    private static func defaultText(_ value: String?) -> String {
        value.map { " (default \($0))" } ?? ""
    }
}

/// Why an option's value was refused; the message names the option and the text given.
enum OptionValueError: Error {
    /// The text is not of the form asked for (described, e.g. "a decimal number").
    case wrongForm(String)
    /// The number is outside the bounds (written "lo...hi").
    case outside(String)
    /// The word is not one of the choices (listed, e.g. "a, b or c").
    case notAChoice(String)
    /// Any other reason.
    case reason(String)

    func message(option: String, text: String) -> String {
        switch self {
        case .wrongForm(let form): "\(option) needs \(form), not '\(text)'"
        case .outside(let bounds): "\(option) \(text) is outside \(bounds)"
        case .notAChoice(let list): "\(option) takes \(list), not '\(text)'"
        case .reason(let reason): "\(option) \(text): \(reason)"
        }
    }
}
