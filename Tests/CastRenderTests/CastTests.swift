import CastRender
import Testing

/// Reading asciicast v2 as asciinema's documentation describes it, and playing it back in time.
@Suite("Reading recordings")
struct CastTests {
    static func cast(_ lines: [String]) throws(CastError) -> Cast { try Cast(Array(lines.joined(separator: "\n").utf8)) }

    @Test("the documentation's example: header, output, a marker, a resize; input and unknown codes skipped")
    func example() throws {
        // asciinema's asciicast v2 page: the header and event lines of its example, with a marker.
        let cast = try Self.cast([
            #"{"version": 2, "width": 80, "height": 24, "timestamp": 1504467315, "title": "Demo", "env": {"TERM": "xterm-256color", "SHELL": "/bin/zsh"}}"#,
            #"[0.248848, "o", "\u001b[1;31mHello \u001b[32mWorld!\u001b[0m\n"]"#,
            #"[1.001376, "o", "That was ok\rThis is better."]"#, #"[1.5, "i", "q"]"#, #"[1.6, "x", "later"]"#,
            #"[2.143733, "m", "chapter 2"]"#, #"[2.5, "r", "100x40"]"#, ""
        ])
        #expect(cast.columns == 80 && cast.rows == 24 && cast.title == "Demo" && cast.idleLimit == nil && cast.cellPixels == nil)
        #expect(cast.events.count == 4)
        #expect(cast.events[0] == Cast.Event(time: 0.248848, kind: .output(Array("\u{1B}[1;31mHello \u{1B}[32mWorld!\u{1B}[0m\n".utf8))))
        #expect(cast.markers.map(\.label) == ["chapter 2"])
        #expect(cast.events[3].kind == .resize(columns: 100, rows: 40))
    }

    @Test("a recording that ends by giving the terminal back is rendered as its last screen; a give-back in the middle is played")
    func giveBack() throws {
        let header = #"{"version": 2, "width": 20, "height": 4}"#
        let on = #"[0.1, "o", "\u001b[?1049h\u001b[H\u001b[2Jpicture"]"#
        let off = #"[0.3, "o", "\u001b[?25h\u001b[?1049l"]"#
        let ended = try Self.cast([header, on, #"[0.2, "m", "here"]"#, off])
        #expect(ended.events.count == 2 && ended.events.last?.kind == .marker("here"))
        let again = try Self.cast([header, on, off, #"[0.4, "o", "more"]"#])
        #expect(again.events.count == 3)
    }

    @Test("a rendered picture's size is the widest and the tallest the terminal was, each on its own")
    func largestSize() throws {
        let cast = try Self.cast([
            #"{"version": 2, "width": 80, "height": 24}"#, #"[0.5, "r", "100x20"]"#, #"[1.0, "r", "60x40"]"#,
            #"[1.5, "r", "70x30"]"#, ""
        ])
        let size = cast.largestSize
        #expect(size.columns == 100 && size.rows == 40)
        let unresized = try Self.cast([#"{"version": 2, "width": 80, "height": 24}"#, ""])
        #expect(unresized.largestSize.columns == 80 && unresized.largestSize.rows == 24)
    }

    @Test(
        "bad recordings: one line naming where and what",
        arguments: [
            ([""], "line 1: no header: an asciicast v2 file starts with a JSON object"),
            (["[1, 2]"], "line 1: the header is not a JSON object"),
            (["{\"version\": 1, \"width\": 80, \"height\": 24}"], "line 1: not an asciicast version 2 header (\"version\": 2 is missing)"),
            (["{\"version\": 2, \"width\": 0, \"height\": 24}"], "line 1: \"width\" must be a whole number of cells, 1...2000"),
            (
                ["{\"version\": 2, \"width\": 80, \"height\": 24}", "[0.5, \"o\"]"],
                "line 2: an event is [seconds, code, data], seconds >= 0"
            ),
            (
                ["{\"version\": 2, \"width\": 80, \"height\": 24}", "", "[-1, \"o\", \"x\"]"],
                "line 3: an event is [seconds, code, data], seconds >= 0"
            ),
            (
                ["{\"version\": 2, \"width\": 80, \"height\": 24}", "[1, \"r\", \"80 by 24\"]"],
                "line 2: a resize's data is COLUMNSxROWS, each 1...2000"
            ),
            (["{\"version\": 2, \"width\": 80, \"height\": 24}", "[1, \"o\", \"x\""], "line 2: not JSON")
        ])
    func bad(_ lines: [String], message: String) {
        #expect(throws: CastError.self) { try Self.cast(lines) }
        do {
            _ = try Self.cast(lines)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }

    @Test("pauses past the idle limit are played as the limit, and speed divides every time")
    func timeline() throws {
        let cast = try Self.cast([
            #"{"version": 2, "width": 10, "height": 2, "idle_time_limit": 1}"#, #"[0.5, "o", "a"]"#, #"[10.5, "o", "b"]"#,
            #"[11, "o", "c"]"#
        ])
        let played = RenderTimeline(cast, speed: 2, idleLimit: cast.idleLimit).played
        #expect(played == [0.25, 0.75, 1.0])
        #expect(RenderTimeline(cast, speed: 2, idleLimit: cast.idleLimit).eventsPlayed(by: 0.75) == 2)
    }

    @Test("a still at a marker shows the screen once it settled: up to the first quarter-second pause or the next marker")
    func marker() throws {
        let cast = try Self.cast([
            #"{"version": 2, "width": 10, "height": 2}"#, #"[0, "m", "Main Street 16, Lindenfeld"]"#, #"[0.1, "o", "a"]"#,
            #"[0.2, "o", "b"]"#, #"[1.0, "o", "c"]"#, #"[2.0, "m", "Station Road 3, Lindenfeld"]"#, #"[2.1, "o", "d"]"#
        ])
        #expect(RenderTimeline.eventsSettled(afterMarker: "Main Street 16, Lindenfeld", in: cast) == 3)
        #expect(RenderTimeline.eventsSettled(afterMarker: "station road", in: cast) == 6, "to the end")
        #expect(RenderTimeline.eventsSettled(afterMarker: "Lindenfeld", in: cast) == nil, "two markers contain it")
        #expect(RenderTimeline.eventsWritten(by: 0.15, in: cast) == 2)
    }

    @Test("an animation starts at the first output that shows something: not the set-up's clear screen, a title or a cursor move")
    func firstShown() throws {
        let header = #"{"version": 2, "width": 20, "height": 4}"#
        let example = try Self.cast([header, #"[0.248848, "o", "\u001b[1;31mHello \u001b[32mWorld!\u001b[0m\n"]"#])
        #expect(RenderTimeline(example, speed: 1, idleLimit: nil).firstShown(in: example) == 0.248848)
        // What Sidewalk's recorder writes first: the full screen taken, cleared, the cursor hidden, a title.
        let recorded = try Self.cast([
            header, #"[0, "o", "\u001b[?1049h\u001b[H\u001b[2J\u001b[?25l"]"#, #"[0.004, "o", "\u001b]0;Main Street\u0007\u001b[5n"]"#,
            #"[0.0106, "o", "\u001b[?2026h\u001b7\u001b[1;1H\u001b[38;5;235m Main"]"#
        ])
        #expect(RenderTimeline(recorded, speed: 2, idleLimit: nil).firstShown(in: recorded) == 0.0053)
        let picture = try Self.cast([header, #"[0.5, "o", "\u001b[H"]"#, #"[0.7, "o", "\u001bPq#0;2;0;0;0#0~~\u001b\\"]"#])
        #expect(RenderTimeline(picture, speed: 1, idleLimit: nil).firstShown(in: picture) == 0.7, "a sixel shows something")
        let blank = try Self.cast([header, #"[0.5, "o", "\u001b[2J"]"#])
        #expect(RenderTimeline(blank, speed: 1, idleLimit: nil).firstShown(in: blank) == 0)
    }
}
