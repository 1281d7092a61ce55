/// The one way Sidewalk writes JSON: manifests and shards, event lines, state records and
/// benchmark reports. Compact, or laid out as Foundation's `JSONSerialization` lays it out
/// (two spaces a level, `"key" : value`), so a manifest written before this writer existed is
/// written again byte for byte. Numbers are the shortest text that reads back as the same
/// `Double`; integers have no fraction. A non-finite number, which JSON cannot hold, is written
/// `null`, as ECMAScript's `JSON.stringify` writes it; a writer that must refuse one asks
/// `JSONValue.nonFinitePath` first.
package enum JSONWriter {
    package enum Layout: Sendable {
        /// One line, no spaces: event lines, state records, reports.
        case compact
        /// One member or element a line, indented two spaces a level: manifests.
        case pretty
    }

    /// `value` as JSON text, its objects' keys sorted (by Unicode scalars, as Foundation sorts
    /// them) when `sortedKeys`, else in the order they were added.
    package static func text(_ value: JSONValue, layout: Layout = .compact, sortedKeys: Bool = false) -> String {
        var out = ""
        write(value, into: &out, layout: layout, sortedKeys: sortedKeys, depth: 0)
        return out
    }

    /// A JSON string literal: quotes and backslashes escaped, and every control character (C0,
    /// DEL and C1, so a JSON line shown in a terminal cannot carry an escape sequence).
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A JSON number: the shortest decimal that reads back as `value`, without a fraction when it
    /// is a whole number (`29`, `0.1`, `1e+20`); `null` when it is not finite.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private static func write(_ value: JSONValue, into out: inout String, layout: Layout, sortedKeys: Bool, depth: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += Self.number(number)
        case .string(let text): out += string(text)
        case .array(let elements):
            writeMembers(
                elements.map { (nil, $0) }, brackets: ("[", "]"), into: &out, layout: layout, sortedKeys: sortedKeys, depth: depth)
        case .object(let object):
            var members = Array(zip(object.keys, object.values))
            if sortedKeys { members.sort { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) } }
            writeMembers(
                members.map { (Optional($0.0), $0.1) }, brackets: ("{", "}"), into: &out, layout: layout, sortedKeys: sortedKeys,
                depth: depth)
        }
    }

    /// An array's elements (no keys) or an object's members between `brackets`. Pretty, an empty
    /// one still takes two lines, as Foundation writes it.
    private static func writeMembers(
        _ members: [(String?, JSONValue)], brackets: (String, String), into out: inout String, layout: Layout, sortedKeys: Bool,
        depth: Int
    ) {
        let pretty = layout == .pretty
        let indent = pretty ? String(repeating: "  ", count: depth + 1) : ""
        out += brackets.0
        if pretty { out += "\n" }
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { out += pretty ? ",\n" : "," }
            out += indent
            if let key { out += string(key) + (pretty ? " : " : ":") }
            write(value, into: &out, layout: layout, sortedKeys: sortedKeys, depth: depth + 1)
        }
        if pretty { out += "\n" + String(repeating: "  ", count: depth) }
        out += brackets.1
    }
}

extension JSONValue {
    /// The path (`$.panoramas[3].lat`) of the first number in this value that is not finite, or
    /// nil when every number is.
    package var nonFinitePath: String? {
        nonFinitePath(at: "$")
    }

    private func nonFinitePath(at path: String) -> String? {
        switch self {
        case .number(let number): return number.isFinite ? nil : path
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = element.nonFinitePath(at: "\(path)[\(index)]") { return found }
            }
            return nil
        case .object(let object):
            for (key, value) in zip(object.keys, object.values) {
                if let found = value.nonFinitePath(at: "\(path).\(key)") { return found }
            }
            return nil
        case .null, .bool, .string: return nil
        }
    }
}
