/// A JSON value as `JSONParser` reads it. Booleans and numbers are distinct kinds (`true` is
/// never the number 1), and an object keeps its members in order.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number. The parser gives only finite ones (JSON has no infinities, and one too large for
    /// a Double is refused); `JSONWriter` writes any other as `null`.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    package var string: String? { if case .string(let value) = self { value } else { nil } }
    package var number: Double? { if case .number(let value) = self { value } else { nil } }
    package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    package var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    package var object: JSONObject? { if case .object(let value) = self { value } else { nil } }

    /// The number as an `Int` when it is whole and within ±2⁵³ (where a Double is exact).
    package var integer: Int? {
        guard let value = number, value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }

    /// "a string", "a number"...: what the value is, for messages.
    package var kindPhrase: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object's members, in the order written; keys are unique (the parser refuses a repeat).
package struct JSONObject: Sendable, Equatable {
    package private(set) var keys: [String] = []
    package private(set) var values: [JSONValue] = []

    package init() {}

    /// The members in the order given; a repeated key keeps its last value, in its first place.
    package init(_ members: [(String, JSONValue)]) {
        for (key, value) in members { self[key] = value }
    }

    /// The value under `key`, or nil; setting nil removes the member, setting another key adds
    /// it at the end.
    package subscript(key: String) -> JSONValue? {
        get { keys.firstIndex(of: key).map { values[$0] } }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }
}

/// Values written as literals, for the code that builds JSON to write: `["version": 1]`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral members: (String, JSONValue)...) { self = .object(JSONObject(members)) }
    package init(nilLiteral: ()) { self = .null }
}
