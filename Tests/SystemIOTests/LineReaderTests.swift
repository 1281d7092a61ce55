import SystemIO
import Testing

/// Lines out of chunks as a socket delivers them: split anywhere, too long, or never ending.
@Suite("Reading lines from a stream")
struct LineReaderTests {
    static func lines(_ chunks: [String], limit: Int = 10) -> [String] {
        var reader = LineReader(limit: limit)
        return chunks.flatMap { reader.lines(in: Array($0.utf8)[...]) }.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a line split over chunks is one line; a chunk of many lines is each of them")
    func splits() {
        #expect(Self.lines(["ab", "c\nde", "f\n\ng\nh"]) == ["abc", "def", "", "g"])
    }

    @Test("a line longer than the limit is dropped to its end, however it is split: no part of it becomes a line")
    func overLong() {
        #expect(Self.lines(["0123456789A", "BCDEF\nok\n"]) == ["ok"])
        #expect(Self.lines(["01234", "56789", "ABC", "{\"x\":1}\nok\n"]) == ["ok"])
        #expect(Self.lines(["0123456789\n"]) == ["0123456789"], "exactly the limit is a line")
        #expect(Self.lines([String(repeating: "x", count: 1_000_000) + "\nlast\n"], limit: 1024) == ["last"])
    }
}
