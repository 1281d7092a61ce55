/// A JSON value as `JSONParser` reads it. Booleans and numbers are distinct kinds (`true` is
/// never the number 1), and an object keeps its members in order.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number. The parser gives only finite ones (JSON has no infinities, and one too large for
    /// a Double is refused); `JSONWriter` writes any other as `null`.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var number: Double? { if case .number(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    public var object: JSONObject? { if case .object(let value) = self { value } else { nil } }

    /// The number as an `Int` when it is whole and within ±2⁵³ (where a Double is exact).
    public var integer: Int? {
        guard let value = number, value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }

    /// "a string", "a number"...: what the value is, for messages.
    public var kindPhrase: String {
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
public struct JSONObject: Sendable, Equatable {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSONValue] = []

    public init() {}

    /// The members in the order given; a repeated key keeps its last value, in its first place.
    public init(_ members: [(String, JSONValue)]) {
        for (key, value) in members { self[key] = value }
    }

    /// The value under `key`, or nil; setting nil removes the member, setting another key adds
    /// it at the end.
    public subscript(key: String) -> JSONValue? {
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
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral members: (String, JSONValue)...) { self = .object(JSONObject(members)) }
    public init(nilLiteral: ()) { self = .null }
}
