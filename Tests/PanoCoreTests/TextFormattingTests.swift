import Foundation
import PanoCore
import Testing

/// The text helpers that replaced NSString's, held to Foundation's own answers (the tests link
/// Foundation; the product does not).
@Suite("Text formatting without Foundation")
struct TextFormattingTests {
    static let values: [Double] = [
        0, -0.0, 1, -1, 0.5, 1.5, 2.5, 0.125, 0.0004999, 0.0005, 12.345, -12.345, 1e6 / 3, 123_456_789.987_654, 1e15, 1e20,
        -3.99999, 99.95, 0.05, .pi, -.pi, 4.35, 2.675
    ]

    @Test("String(cFormat:) writes what String(format:) writes", arguments: ["%.3f", "%.2f MB", "%.1f s", "%.0f", "%8.2f|"])
    func decimals(format: String) {
        for value in Self.values + (0..<200).map({ Double($0) * 0.001 + 0.0005 }) {
            #expect(String(cFormat: format, value) == String(format: format, value), "\(value)")
        }
    }

    @Test("String(cFormat:) pads integers as String(format:) does")
    func integers() {
        for value in [0, 1, 42, 999_999, 1_000_000, 123_456_789] {
            #expect(String(cFormat: "frame-%06d.png", Int32(value)) == String(format: "frame-%06d.png", Int32(value)))
        }
    }

    @Test("String(cFormat:) keeps to 255 bytes")
    func longOutput() {
        #expect(String(cFormat: "%300d", Int32(7)).utf8.count == 255)
    }

    @Test("Trimming white space agrees with .whitespacesAndNewlines")
    func whitespace() {
        let samples = [
            "", " ", "  a  ", "\t\na b\r\n", "\r\n x \r\n", "\u{A0}nbsp\u{A0}", "\u{2003}em\u{2028}", "x", "a\u{0B}", "\u{85}next\u{85}",
            " a\u{301} ", "no trim"
        ]
        for sample in samples {
            #expect(sample.trimmingWhitespace == sample.trimmingCharacters(in: .whitespacesAndNewlines), "\(sample.debugDescription)")
        }
    }

    @Test("Trimming given characters agrees with CharacterSet(charactersIn:)")
    func given() {
        for sample in ["--a-b--", "---", "", "a", "\"30\"", "\"", "-x"] {
            #expect(sample.trimming("-\"") == sample.trimmingCharacters(in: CharacterSet(charactersIn: "-\"")))
        }
    }
}
