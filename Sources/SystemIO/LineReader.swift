/// Lines out of a stream of chunks, as they arrive: each line without its newline, at most
/// `limit` bytes. A longer line is dropped whole, to its end, so no part of it is ever taken for
/// a line of its own; and no more than `limit` bytes of a line are held while it arrives.
package struct LineReader: Sendable {
    /// The longest line kept, bytes.
    package let limit: Int
    private var partial: [UInt8] = []
    /// True while the rest of an over-long line is being skipped.
    private var skipping = false

    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The whole lines `chunk` ends, in order.
    package mutating func lines(in chunk: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var found: [ArraySlice<UInt8>] = []
        var start = chunk.startIndex
        while start < chunk.endIndex {
            guard let end = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                keep(chunk[start...])
                break
            }
            keep(chunk[start..<end])
            if !skipping { found.append(partial[...]) }
            (partial, skipping) = ([], false)
            start = end + 1
        }
        return found
    }

    /// Holds a part of the line that has not ended, or starts skipping it once it is too long.
    private mutating func keep(_ part: ArraySlice<UInt8>) {
        guard !skipping else { return }
        if partial.count + part.count > limit {
            (partial, skipping) = ([], true)
        } else {
            partial += part
        }
    }
}
