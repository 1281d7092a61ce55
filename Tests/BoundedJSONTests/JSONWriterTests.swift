import BoundedJSON
import Foundation
import Testing

/// The writer held to Foundation's: `JSONSerialization` for the pretty, sorted layout manifests
/// had before the writer existed, and `JSONEncoder` for the compact reports of the benchmarks.
@Suite("One JSON writer, as Foundation writes")
struct JSONWriterTests {
    /// Doubles of every magnitude, whole and not, negative zero and the extremes included.
    private static func numbers(count: Int) -> [Double] {
        var generator = SystemRandomNumberGenerator()
        var numbers: [Double] = [
            0, -0.0, 1, 29, 0.1, 0.6, 1e20, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1.2345678901234568e17
        ]
        for _ in 0..<count {
            let exponent = Double.random(in: -30...30, using: &generator)
            let value = Double.random(in: -1...1, using: &generator) * pow(10, exponent)
            numbers.append(Bool.random(using: &generator) ? value : value.rounded())
        }
        return numbers
    }

    private func foundationPretty(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    @Test("the demo town's manifest is written as JSONSerialization writes it, line for line")
    func demoManifest() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/demo/manifest.json")
        let bytes = try Data(contentsOf: url)
        let ours = JSONWriter.text(try JSONParser.parse(Array(bytes), limits: .small), layout: .pretty, sortedKeys: true)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = try foundationPretty(try JSONSerialization.jsonObject(with: bytes)).split(
            separator: "\n", omittingEmptySubsequences: false)
        let first = ours.indices.first { $0 >= theirs.count || ours[$0] != theirs[$0] }
        #expect(first == nil, "line \(first.map { $0 + 1 } ?? 0): \(first.map { "\(ours[$0]) vs \(theirs[$0])" } ?? "")")
        #expect(ours.count == theirs.count && ours.count > 500)
    }

    @Test("pretty and sorted as JSONSerialization: nesting, empty arrays and objects, keys out of order, numbers of every kind")
    func prettyAsFoundation() throws {
        let numbers = Self.numbers(count: 2000)
        let object: [String: Any] = [
            "z": numbers, "a": ["nested": [1, [], [String: Any]()] as [Any], "flag": false, "text": "a/b \"q\" \\ \n\t é 🚀"],
            "empty": [Any](), "none": [String: Any](), "m": ["b": 1, "a": [["y": 0.25, "x": "s"]]]
        ]
        let ours: JSONValue = [
            "z": .array(numbers.map(JSONValue.number)),
            "a": ["nested": [1, [], [:]], "flag": false, "text": "a/b \"q\" \\ \n\t é 🚀"],
            "empty": [], "none": [:], "m": ["b": 1, "a": [["y": 0.25, "x": "s"]]]
        ]
        #expect(JSONWriter.text(ours, layout: .pretty, sortedKeys: true) == (try foundationPretty(object)))
    }

    private struct Report: Encodable {
        struct Row: Encodable {
            var source: String
            var psnr_db: Double
            var size: Int
        }
        var rows: [Row]
        var cores: Int
        var missing: Double?
        var present: Double? = 2.5
        var files: [String: String]
        var views: [[Double]]
        var quick: Bool
    }

    @Test("a Codable report, compact and sorted, as JSONEncoder writes it; infinities as the strings the reports use")
    func reportAsJSONEncoder() throws {
        let numbers = Self.numbers(count: 500)
        let report = Report(
            rows: numbers.enumerated().map { Report.Row(source: "s\($0.offset)", psnr_db: $0.element, size: $0.offset) }
                + [Report.Row(source: "identical", psnr_db: .infinity, size: 0)],
            cores: 2, missing: nil, files: ["b": "/tmp/b.png", "a": "/tmp/a.png"], views: [[0, -10.5], [90, 0]], quick: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let expected = String(decoding: try encoder.encode(report), as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
        let value = try JSONValueEncoder.value(of: report) { $0.isNaN ? "nan" : $0 > 0 ? "inf" : "-inf" }
        #expect(JSONWriter.text(value, sortedKeys: true) == expected)
    }

    @Test("every control character is escaped, C1 and DEL too, and the text reads back the same through JSONSerialization")
    func controlCharacters() throws {
        let text = String(String.UnicodeScalarView((0..<0xA0).compactMap(Unicode.Scalar.init))) + "é\u{2028}🚀"
        let written = JSONWriter.string(text)
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let read = try JSONSerialization.jsonObject(with: Data(("[" + written + "]").utf8)) as? [String]
        #expect(read == [text])
    }

    @Test("a number JSON cannot hold is written null and found by its path")
    func nonFinite() {
        let value: JSONValue = ["a": [1, .number(.nan)], "b": .number(.infinity)]
        #expect(JSONWriter.text(value) == #"{"a":[1,null],"b":null}"#)
        #expect(value.nonFinitePath == "$.a[1]")
        #expect(JSONValue.object(JSONObject([("ok", 1)])).nonFinitePath == nil)
    }
}
