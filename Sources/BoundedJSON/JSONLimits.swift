/// What one parse may take, checked as it goes, before anything past the limit is allocated.
package struct JSONLimits: Sendable {
    /// Deepest nesting of arrays and objects.
    package var maxDepth: Int
    /// Most values (each scalar, array and object counts one).
    package var maxValues: Int
    /// Most bytes of memory the parsed values may hold, estimated as they are made
    /// (`JSONParser.estimatedBytes`).
    package var maxBytes: Int

    package init(maxDepth: Int, maxValues: Int, maxBytes: Int) {
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.maxBytes = maxBytes
    }

    /// Settings files and small documents: 64 levels, 100,000 values, 16 MB.
    package static let small = JSONLimits(maxDepth: 64, maxValues: 100_000, maxBytes: 16 << 20)
}

/// Why a text is not JSON Sidewalk can read: where (line and column, from 1) and what.
package struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    package let line: Int
    package let column: Int
    package let message: String

    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String { "line \(line), column \(column): \(message)" }
}
