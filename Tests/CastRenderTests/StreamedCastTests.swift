import CastRender
import SystemIO
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A recording read a line at a time for a render (`Cast(streaming:)`, `CastEvents`): the same
/// events, times and screens as the recording read whole, without holding its output.
@Suite("Recordings streamed from their file")
struct StreamedCastTests {
    /// A recording with an output line longer than `LineFile`'s chunk (1 MB), blank lines, a
    /// typed key and an unknown code (both skipped), a marker, a resize and a give-back at its end.
    static func lines() -> [String] {
        let long = String(repeating: "0123456789", count: 120_000)  // 1.2 MB on one line
        return [
            #"{"version": 2, "width": 40, "height": 10}"#, #"[0.1, "o", "\u001b[?1049h\u001b[2J"]"#, "",
            #"[0.2, "o", "first line\r\n"]"#, #"[0.3, "i", "q"]"#, #"[0.4, "o", "\#(long)"]"#, #"[0.5, "x", "later"]"#,
            #"[0.6, "m", "marked"]"#, "  ", #"[0.7, "r", "30x8"]"#, #"[0.8, "o", "\u001b[Hlast screen"]"#,
            #"[0.9, "o", "\u001b[?25h\u001b[?1049l"]"#
        ]
    }

    /// Writes `text` into a new file in a new folder of /tmp; returns its path.
    static func file(_ text: String) throws -> String {
        var template = Array("/tmp/sidewalk-cast-XXXXXX".utf8CString)
        let folder = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        let path = folder + "/walk.cast"
        try OutputFile.replaceWhole(path, with: Array(text.utf8))
        return path
    }

    @Test("read a line at a time, a recording has the events, markers and first picture it has read whole, without their output")
    func sameEvents() throws {
        let text = Self.lines().joined(separator: "\n")
        let whole = try Cast(Array(text.utf8))
        let streamed = try Cast(streaming: LineFile(try Self.file(text), limit: Cast.maximumLine))
        #expect(!streamed.outputKept && whole.outputKept)
        #expect(streamed.events.map(\.time) == whole.events.map(\.time) && streamed.events.count == 6)
        #expect(streamed.markers.map(\.label) == ["marked"] && streamed.largestSize == whole.largestSize)
        #expect(streamed.firstShownEvent == whole.firstShownEvent && whole.firstShownEvent == 1)
        #expect(streamed.sourceLines == [2, 4, 6, 8, 10, 11], "the header is line 1; blank, typed and unknown lines are counted")
        for event in streamed.events { if case .output(let bytes) = event.kind { #expect(bytes.isEmpty) } }
    }

    @Test("played from its file, a streamed recording shows the screens the whole one shows, event by event")
    func sameScreens() throws {
        let text = Self.lines().joined(separator: "\n")
        let path = try Self.file(text)
        let whole = try Cast(Array(text.utf8))
        let streamed = try Cast(streaming: LineFile(path, limit: Cast.maximumLine))
        var (fromMemory, fromFile) = (
            CastPlayback(whole, cell: (8, 16)), CastPlayback(streamed, cell: (8, 16), source: try CastEvents(path, cast: streamed))
        )
        for count in 1...whole.events.count {
            fromMemory.play(through: count)
            fromFile.play(through: count)
            #expect(fromFile.screen.cells == fromMemory.screen.cells, "after \(count) events")
        }
        #expect(fromFile.failure == nil)
    }

    @Test("a recording cut short while it is rendered stops with the line it lost, not a crash or a wrong screen")
    func changedUnderneath() throws {
        let text = Self.lines().joined(separator: "\n")
        let path = try Self.file(text)
        let streamed = try Cast(streaming: LineFile(path, limit: Cast.maximumLine))
        try OutputFile.replaceWhole(path, with: Array(Self.lines().prefix(4).joined(separator: "\n").utf8))
        var playback = CastPlayback(streamed, cell: (8, 16), source: try CastEvents(path, cast: streamed))
        playback.play(through: streamed.events.count)
        #expect(playback.failure?.description == "line 6: the file ended early: it changed while it was rendered")
    }

    @Test("a line longer than the limit is one clear error naming it")
    func overlongLine() throws {
        let path = try Self.file(Self.lines().joined(separator: "\n"))
        let error = #expect(throws: CastError.self) { try Cast(streaming: LineFile(path, limit: 1000)) }
        #expect(error?.description == "line 6: longer than 64 MB")
    }

    @Test("a recording of more events than a render keeps is refused at the first one too many, with the line")
    func tooManyEvents() throws {
        let path = try Self.file(Self.lines().joined(separator: "\n"))
        let error = #expect(throws: CastError.self) { try Cast(streaming: LineFile(path, limit: Cast.maximumLine), maximumEvents: 3) }
        #expect(error?.description == "line 8: more than 3 events, the most a render plays")
    }
}
