/// A strict JSON reader (RFC 8259) that charges every value to `JSONLimits` as it reads, so a
/// hostile document is refused before it can take more memory than the limits allow. It also
/// refuses what Foundation's reader lets through: numbers beyond a Double (`1e999`), repeated
/// keys in an object, lone UTF-16 surrogates, and text that is not UTF-8.
package struct JSONParser {
    /// Memory a value is charged, in bytes, beyond its string contents: its slot in the parent
    /// (24) and a share of container headers and growth.
    package static let estimatedBytesPerValue = 48

    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: JSONLimits
    private var position = 0
    private var depth = 0
    private var values = 0
    private var charged = 0

    /// Parses a whole document: one value, with only white space around it.
    package static func parse(_ data: [UInt8], limits: JSONLimits) throws(JSONError) -> JSONValue {
        try parse(data[...], limits: limits)
    }

    /// Parses a whole document that is part of a larger buffer (a line of a file), uncopied.
    package static func parse(_ data: ArraySlice<UInt8>, limits: JSONLimits) throws(JSONError) -> JSONValue {
        try data.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
            var parser = JSONParser(bytes: buffer, limits: limits)
            parser.skipSpace()
            let value = try parser.value()
            parser.skipSpace()
            guard parser.position == buffer.count else { throw parser.error("unexpected text after the end of the JSON value") }
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    /// Counts one value of `extra` bytes against the limits.
    private mutating func charge(_ extra: Int) throws(JSONError) {
        values += 1
        charged += Self.estimatedBytesPerValue + extra
        if values > limits.maxValues { throw error("more than \(limits.maxValues) values") }
        if charged > limits.maxBytes { throw error("would take more than \(limits.maxBytes >> 20) MB of memory") }
    }

    private mutating func value() throws(JSONError) -> JSONValue {
        guard let byte = current else { throw error("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""):
            let text = try string()
            try charge(Self.heapBytes(text))
            return .string(text)
        case UInt8(ascii: "t"):
            try literal("true")
            try charge(0)
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            try charge(0)
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            try charge(0)
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try self.number()
            try charge(0)
            return .number(number)
        default: throw error("unexpected character '\(Self.printable(byte))'")
        }
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        if depth > limits.maxDepth { throw error("nested more than \(limits.maxDepth) levels deep") }
        position += 1
        skipSpace()
    }

    private mutating func object() throws(JSONError) -> JSONValue {
        try charge(0)
        try enter()
        var object = JSONObject()
        var seen: Set<String> = []
        if current == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(object)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = position
            let key = try string()
            guard seen.insert(key).inserted else {
                position = keyStart
                throw error("the key '\(key.prefix(40))' appears twice in one object")
            }
            charged += Self.heapBytes(key) * 2 + 16
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            position += 1
            skipSpace()
            object.append(key, try value())
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                skipSpace()
                continue
            }
            guard current == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
            position += 1
            depth -= 1
            return .object(object)
        }
    }

    private mutating func array() throws(JSONError) -> JSONValue {
        try charge(0)
        try enter()
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                skipSpace()
                continue
            }
            guard current == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
            position += 1
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func literal(_ word: String) throws(JSONError) {
        let expected = Array(word.utf8)
        guard position + expected.count <= bytes.count,
            expected.indices.allSatisfy({ bytes[position + $0] == expected[$0] })
        else { throw error("unexpected word (expected \(word))") }
        position += expected.count
    }

    /// A number as JSON writes it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() throws(JSONError) -> Double {
        let start = position
        func digits() -> Int {
            let from = position
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
            return position - from
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            throw error("a number needs digits")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            position = start
            throw error("the number \(text.prefix(40)) is too large")
        }
        return value
    }

    /// A string starting at the opening quote; checks UTF-8 and escapes.
    private mutating func string() throws(JSONError) -> String {
        position += 1
        // Made as UTF-8, then one String: appending scalars copied the string at every escape.
        var utf8: [UInt8] = []
        var runStart = position
        func flushRun() throws(JSONError) {
            guard runStart < position else { return }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
            guard String(validating: run, as: UTF8.self) != nil else {  // runs end at ASCII, so each is whole
                position = runStart
                throw error("a string holds bytes that are not UTF-8")
            }
            utf8.append(contentsOf: run)
        }
        while true {
            guard let byte = current else { throw error("a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun()
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try flushRun()
                utf8.append(contentsOf: UTF8.encode(try escape())!)
                runStart = position
            case 0..<0x20:
                throw error("a control character (U+\(Self.hex(UInt32(byte), width: 4))) inside a string must be escaped")
            default:
                position += 1
            }
        }
    }

    /// One escape after a backslash.
    private mutating func escape() throws(JSONError) -> Unicode.Scalar {
        position += 1
        guard let byte = current else { throw error("a string ends inside an escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("a \\u escape holds half of a surrogate pair")
                }
                position += 2
                let second = try hexQuad()
                guard (0xDC00..<0xE000).contains(second) else { throw error("a \\u escape holds half of a surrogate pair") }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("a \\u escape holds half of a surrogate pair") }
            return scalar
        default:
            position -= 1
            throw error("unknown escape '\\\(Self.printable(byte))'")
        }
    }

    private mutating func hexQuad() throws(JSONError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// The error at the current position.
    private func error(_ message: String) -> JSONError {
        var line = 1
        var lineStart = 0
        let end = min(position, bytes.count)
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONError(line: line, column: end - lineStart + 1, message: message)
    }

    /// Bytes a string keeps on the heap (Swift keeps up to 15 UTF-8 bytes inline).
    private static func heapBytes(_ text: String) -> Int {
        let count = text.utf8.count
        return count > 15 ? count + 32 : 0
    }

    private static func printable(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + hex(UInt32(byte), width: 2)
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
