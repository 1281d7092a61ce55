import BoundedJSON
import Testing

@Suite("Strict, bounded JSON")
struct JSONParserTests {
    private func parse(_ text: String, limits: JSONLimits = .small) throws(JSONError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), limits: limits)
    }

    @Test("values of every kind; booleans are not numbers; members keep their order")
    func values() throws {
        let value = try parse(#"{"b": true, "a": [1, -2.5e1, "x\u00e9\ud83d\ude80", null], "n": 0}"#)
        let object = try #require(value.object)
        #expect(object.keys == ["b", "a", "n"])
        #expect(object["b"] == .bool(true) && object["b"]?.number == nil && object["b"]?.integer == nil)
        #expect(object["a"] == .array([.number(1), .number(-25), .string("xé🚀"), .null]))
        #expect(object["n"]?.integer == 0)
    }

    @Test(
        "what Foundation let through is refused, with line and column",
        arguments: [
            (#"{"fps": 1e999}"#, "line 1, column 9: the number 1e999 is too large"),
            (#"{"a": 1, "a": 2}"#, "line 1, column 10: the key 'a' appears twice in one object"),
            (#"["\ud800"]"#, #"line 1, column 9: a \u escape holds half of a surrogate pair"#),
            ("[\"tab\there\"]", "line 1, column 6: a control character (U+0009) inside a string must be escaped"),
            ("[0x10]", "line 1, column 3: expected ',' or ']' in an array"),
            ("[01]", "line 1, column 3: expected ',' or ']' in an array"),
            ("[NaN]", "line 1, column 2: unexpected character 'N'"),
            ("{\n  \"a\": tru\n}", "line 2, column 8: unexpected word (expected true)"),
            ("[1] x", "line 1, column 5: unexpected text after the end of the JSON value")
        ])
    func refused(text: String, message: String) {
        #expect(throws: JSONError.self) { try parse(text) }
        do { _ = try parse(text) } catch { #expect(error.description == message) }
    }

    @Test("bytes that are not UTF-8 are refused")
    func notUTF8() {
        #expect(throws: JSONError.self) { try JSONParser.parse(Array("[\"a".utf8) + [0xFF, 0xFE] + Array("\"]".utf8), limits: .small) }
    }

    @Test("limits: depth, number of values and memory are checked as the parse goes")
    func limits() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONError(line: 1, column: 65, message: "nested more than 64 levels deep")) { try parse(deep) }
        let many = "[" + Array(repeating: "{}", count: 1000).joined(separator: ",") + "]"
        let few = JSONLimits(maxDepth: 8, maxValues: 500, maxBytes: 1 << 20)
        #expect(throws: JSONError.self) { try parse(many, limits: few) }
        let small = JSONLimits(maxDepth: 8, maxValues: 1 << 20, maxBytes: 10_000)
        #expect(throws: JSONError.self) { try parse(many, limits: small) }
        #expect((try? parse(many))?.array?.count == 1000)
    }
}
