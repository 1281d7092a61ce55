#if canImport(Glibc)
import Glibc
#endif

// What Sidewalk once took from Foundation's NSString (String(format:), trimming, replacing) so
// that the product links FoundationEssentials alone and not ICU's 34 MB of data
// (docs/packaging.md).

extension String {
    /// Numbers laid out by a C printf format: `String(cFormat: "%.2f MB", bytes / 1e6)`. For
    /// numeric conversions only (`%d`, `%f`, `%x` and their flags); a string argument is not
    /// allowed, so no untrusted text goes through a format. At most 255 bytes of output.
    public init(cFormat format: String, _ arguments: any CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 256)
        let written = withVaList(arguments) { list in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
        }
        let length = Swift.min(Swift.max(Int(written), 0), buffer.count - 1)
        self = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension StringProtocol {
    /// The text without any of `characters` at either end.
    public func trimming(_ characters: String) -> String {
        let set = Set(characters)
        return trimming { set.contains($0) }
    }

    /// The text without white space at either end: spaces, tabs, line ends (a CR LF pair
    /// among them) and Unicode's other spaces, as `Character.isWhitespace` has them.
    public var trimmingWhitespace: String { trimming(where: \.isWhitespace) }

    /// The text without the characters at either end for which `drop` is true.
    public func trimming(where drop: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else { return "" }
        return String(self[first...last])
    }
}
