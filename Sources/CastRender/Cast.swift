import BoundedJSON
import SystemIO
import TermRender

/// An asciicast v2 recording as `sidewalk render` reads it (asciinema's format: a JSON header
/// line, then one `[seconds, code, data]` line per event). Output ("o"), markers ("m") and
/// resizes ("r") are kept; typed keys ("i") and codes a later version may add are skipped, as
/// players skip them; so is a last output that only gives the terminal back (`givesBack`).
package struct Cast: Sendable {
    /// One event, at `time` seconds from the start.
    package struct Event: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case output([UInt8])
            case marker(String)
            case resize(columns: Int, rows: Int)
        }

        package var time: Double
        package var kind: Kind

        package init(time: Double, kind: Kind) { (self.time, self.kind) = (time, kind) }
    }

    /// The terminal's size at the start, in cells, each 1...`maximumSide`.
    package let columns: Int
    package let rows: Int
    package let title: String?
    /// The header's `idle_time_limit`: longer pauses are played as this many seconds.
    package let idleLimit: Double?
    /// The recording terminal's cell in pixels (Sidewalk's `x_sidewalk_cell_pixels`), which
    /// sizes sixels and pictures given in pixels; nil when the header does not say.
    package let cellPixels: (width: Int, height: Int)?
    /// The events in order of time (a time that goes back is taken as the one before it).
    /// Read with `init(streaming:)`, an output holds no bytes.
    package let events: [Event]
    /// The line of the file each event was read from (1 is the header's).
    package let sourceLines: [Int]
    /// The first event whose output shows something (`RenderTimeline.shows`), nil when none does.
    package let firstShownEvent: Int?
    /// False when the outputs were not kept (`init(streaming:)`).
    package let outputKept: Bool

    /// The widest or tallest terminal a cast may describe, in cells.
    package static let maximumSide = 2000
    /// The longest line read, in bytes (a frame of kitty pixels is a few megabytes).
    package static let maximumLine = 64 << 20

    /// Markers in order, with their times.
    package var markers: [(time: Double, label: String)] {
        events.compactMap { event in
            if case .marker(let label) = event.kind { (event.time, label) } else { nil }
        }
    }

    /// The widest and the tallest the terminal was, in cells, at the start or after any resize:
    /// a rendered picture holds every screen the recording shows.
    package var largestSize: (columns: Int, rows: Int) {
        events.reduce((columns, rows)) { largest, event in
            guard case .resize(let columns, let rows) = event.kind else { return largest }
            return (max(largest.columns, columns), max(largest.rows, rows))
        }
    }

    /// The time of the last event, seconds.
    package var duration: Double { events.last?.time ?? 0 }

    /// Reads a recording's bytes; the error names the line and what is wrong with it.
    package init(_ bytes: [UInt8]) throws(CastError) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).makeIterator()
        try self.init(keepingOutput: true, maximumEvents: .max) { () -> LineFile.Line? in lines.next().map { .text($0) } }
    }

    /// Reads a recording from `file` without keeping its output (each output event is kept with
    /// no bytes): a render plays the output from the file again (`CastEvents`), so it never
    /// holds the recording.
    package init(streaming file: LineFile, maximumEvents: Int = Cast.maximumEvents) throws(CastError) {
        try self.init(keepingOutput: false, maximumEvents: maximumEvents) { () throws(CastError) -> LineFile.Line? in
            try Self.nextLine(of: file)
        }
    }

    /// The most events a streamed recording may have: what is kept of them (a time, a kind, a
    /// line number) stays about 110 MB however short its lines are (2,000,000 one-character
    /// events rendered in 133 MB at their peak).
    package static let maximumEvents = 2_000_000

    /// The next line of `file`; a failure to read it as the error of the line it stopped at.
    static func nextLine(of file: LineFile) throws(CastError) -> LineFile.Line? {
        do { return try file.next() } catch { throw CastError(line: file.number + 1, problem: error.description) }
    }

    /// The longest last output taken for giving the terminal back (`givesBack`), bytes.
    static let giveBackLength = 32

    private init(keepingOutput: Bool, maximumEvents: Int, next: () throws(CastError) -> LineFile.Line?) throws(CastError) {
        guard case .text(let first)? = try next(), !first.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) else {
            throw CastError(line: 1, problem: "no header: an asciicast v2 file starts with a JSON object")
        }
        let header = try Self.object(first, line: 1)
        (columns, rows, title, idleLimit, cellPixels) = try Self.read(header)
        var (events, lines, firstShown, lastOutput): ([Event], [Int], Int?, (index: Int, bytes: [UInt8])?) = ([], [], nil, nil)
        var number = 1
        while let line = try next() {
            number += 1
            guard case .text(let text) = line else { throw CastError(line: number, problem: "longer than \(Self.maximumLine >> 20) MB") }
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
            guard var event = try Self.event(text, line: number) else { continue }
            guard events.count < maximumEvents else {
                throw CastError(line: number, problem: "more than \(maximumEvents) events, the most a render plays")
            }
            event.time = max(event.time, events.last?.time ?? 0)
            if case .output(let bytes) = event.kind {
                if firstShown == nil, RenderTimeline.shows(bytes) { firstShown = events.count }
                lastOutput = (events.count, bytes.count <= Self.giveBackLength ? bytes : [])
                if !keepingOutput { event.kind = .output([]) }
            }
            events.append(event)
            lines.append(number)
        }
        if let lastOutput, Self.givesBack(lastOutput.bytes) {
            let given = lastOutput.index
            events.remove(at: given)
            lines.remove(at: given)
            if firstShown == given { firstShown = nil }
        }
        (self.events, sourceLines, firstShownEvent, outputKept) = (events, lines, firstShown, keepingOutput)
    }

    /// True when the last output gives the terminal back (leaves the alternate screen:
    /// Sidewalk's recordings end so, as the explorer did, and a player leaves the shell as it
    /// was): a rendering's last screen is the last one the program showed, not the shell's, so
    /// such an output is left out of `events`.
    static func givesBack(_ bytes: [UInt8]) -> Bool {
        bytes.count <= giveBackLength && bytes.firstRange(of: EscapeSequence.leaveAlternateScreen) != nil
    }

    private static func object(_ line: ArraySlice<UInt8>, line number: Int) throws(CastError) -> JSONObject {
        guard line.count <= maximumLine else { throw CastError(line: number, problem: "longer than \(maximumLine >> 20) MB") }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(line), limits: .small)
        } catch {
            throw CastError(line: number, problem: "not JSON (\(error.message))")
        }
        guard let object = value.object else { throw CastError(line: number, problem: "the header is not a JSON object") }
        return object
    }

    private static func read(_ header: JSONObject) throws(CastError) -> (Int, Int, String?, Double?, (width: Int, height: Int)?) {
        guard header["version"]?.integer == 2 else {
            throw CastError(line: 1, problem: "not an asciicast version 2 header (\"version\": 2 is missing)")
        }
        let side = { (key: String) throws(CastError) -> Int in
            guard let value = header[key]?.integer, (1...maximumSide).contains(value) else {
                throw CastError(line: 1, problem: "\"\(key)\" must be a whole number of cells, 1...\(maximumSide)")
            }
            return value
        }
        let idle = header["idle_time_limit"]?.number.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        var cell: (width: Int, height: Int)?
        if let pair = header["x_sidewalk_cell_pixels"]?.array, pair.count == 2, let width = pair[0].integer,
            let height = pair[1].integer, (1...200).contains(width), (1...200).contains(height)
        {
            cell = (width, height)
        }
        return (try side("width"), try side("height"), header["title"]?.string, idle, cell)
    }

    static func event(_ line: ArraySlice<UInt8>, line number: Int) throws(CastError) -> Event? {
        guard line.count <= maximumLine else { throw CastError(line: number, problem: "longer than \(maximumLine >> 20) MB") }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line, limits: JSONLimits(maxDepth: 4, maxValues: 16, maxBytes: maximumLine * 2))
        } catch {
            throw CastError(line: number, problem: "not JSON (\(error.message))")
        }
        guard let parts = value.array, parts.count >= 3, let time = parts[0].number, time.isFinite, time >= 0,
            let code = parts[1].string, let data = parts[2].string
        else { throw CastError(line: number, problem: "an event is [seconds, code, data], seconds >= 0") }
        switch code {
        case "o": return Event(time: time, kind: .output(Array(data.utf8)))
        case "m": return Event(time: time, kind: .marker(data))
        case "r":
            let sides = data.split(separator: "x").compactMap { Int($0) }
            guard sides.count == 2, sides.allSatisfy({ (1...maximumSide).contains($0) }) else {
                throw CastError(line: number, problem: "a resize's data is COLUMNSxROWS, each 1...\(maximumSide)")
            }
            return Event(time: time, kind: .resize(columns: sides[0], rows: sides[1]))
        default: return nil
        }
    }
}

/// A recording that cannot be read: the line (1 is the header) and what is wrong with it.
package struct CastError: Error, Equatable, Sendable, CustomStringConvertible {
    package let line: Int
    package let problem: String

    package var description: String { "line \(line): \(problem)" }
}
