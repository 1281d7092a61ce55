/// An `Encodable` value as a `JSONValue`, so that what `Codable` describes (the benchmarks'
/// reports) is written by `JSONWriter` like everything else. Keys keep the order the type encodes
/// them in; integers beyond ±2⁵³ lose their last digits, as in any JSON read as doubles.
package enum JSONValueEncoder {
    /// `value` as JSON. A number that is not finite becomes `nonFinite(number)` (a string such as
    /// "inf", say; by default `null`).
    package static func value(of value: some Encodable, nonFinite: @escaping @Sendable (Double) -> JSONValue = { _ in .null }) throws
        -> JSONValue
    {
        let root = EncodingNode()
        try root.encode(value, codingPath: [], nonFinite: nonFinite)
        return root.resolved
    }
}

/// One value being encoded: filled in by the container the value asks for.
private final class EncodingNode {
    enum Content {
        case pending
        case value(JSONValue)
        case object([(String, EncodingNode)])
        case array([EncodingNode])
    }

    var content = Content.pending

    var resolved: JSONValue {
        switch content {
        case .pending: .object(JSONObject())
        case .value(let value): value
        case .object(let members): .object(JSONObject(members.map { ($0.0, $0.1.resolved) }))
        case .array(let elements): .array(elements.map(\.resolved))
        }
    }

    /// A child under `key`, replacing one there.
    func child(_ key: String) -> EncodingNode {
        let node = EncodingNode()
        var members: [(String, EncodingNode)] = []
        if case .object(let existing) = content { members = existing.filter { $0.0 != key } }
        content = .object(members + [(key, node)])
        return node
    }

    /// A child at the end of this array.
    func appended() -> EncodingNode {
        let node = EncodingNode()
        var elements: [EncodingNode] = []
        if case .array(let existing) = content { elements = existing }
        content = .array(elements + [node])
        return node
    }

    /// Encodes `value` into this node: a primitive directly, anything else through its own `encode(to:)`.
    func encode(_ value: some Encodable, codingPath: [any CodingKey], nonFinite: @escaping @Sendable (Double) -> JSONValue) throws {
        if let primitive = Self.primitive(value, nonFinite: nonFinite) {
            content = .value(primitive)
        } else {
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath, nonFinite: nonFinite))
        }
    }

    private static func primitive(_ value: Any, nonFinite: (Double) -> JSONValue) -> JSONValue? {
        func number(_ double: Double) -> JSONValue { double.isFinite ? .number(double) : nonFinite(double) }
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let double as Double: return number(double)
        case let float as Float: return number(Double(float))
        case let integer as any BinaryInteger: return .number(Double(integer))
        default: return nil
        }
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let nonFinite: @Sendable (Double) -> JSONValue
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath, nonFinite: nonFinite))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath, nonFinite: nonFinite)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath, nonFinite: nonFinite)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let nonFinite: @Sendable (Double) -> JSONValue

    mutating func encodeNil(forKey key: Key) throws { node.child(key.stringValue).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.child(key.stringValue).encode(value, codingPath: codingPath + [key], nonFinite: nonFinite)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        superEncoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        superEncoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child("super"), codingPath: codingPath, nonFinite: nonFinite)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key], nonFinite: nonFinite)
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let nonFinite: @Sendable (Double) -> JSONValue
    var count: Int { if case .array(let elements) = node.content { elements.count } else { 0 } }

    mutating func encodeNil() throws { node.appended().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.appended().encode(value, codingPath: codingPath, nonFinite: nonFinite)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        superEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        superEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.appended(), codingPath: codingPath, nonFinite: nonFinite)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let nonFinite: @Sendable (Double) -> JSONValue

    mutating func encodeNil() throws { node.content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.encode(value, codingPath: codingPath, nonFinite: nonFinite)
    }
}
