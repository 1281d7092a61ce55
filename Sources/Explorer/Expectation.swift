import PanoCore

/// One `expect` line of a script: something a user would perceive, checked on the explorer's
/// state, what was said and what happened since the last key or command. Pure.
public struct Expectation: Equatable, Sendable {
    /// What is checked.
    public enum Subject: Equatable, Sendable {
        /// The camera's heading, pitch (degrees) or zoom, within a tolerance.
        case heading(Double, tolerance: Double)
        case pitch(Double, tolerance: Double)
        case zoom(Double, tolerance: Double)
        /// The panorama you stand in, by id.
        case panorama(String)
        /// Standing within `metres` of a place.
        case near(Coordinate, metres: Double)
        /// The focused way or marker as it is said ("way 1, east along Main Street"); nil: nothing focused.
        case focus(TextMatch?)
        /// A line said since the last key or command.
        case said(TextMatch)
        /// How many ways on there are.
        case ways(Int)
        /// An event since the last key or command, by name, optionally matching its JSON line.
        case event(String, TextMatch?)
        /// The note on the status line; nil: no note.
        case note(TextMatch?)
        /// An explorer error (an `error…` event) since the last key or command.
        case error(TextMatch?)
    }

    public let subject: Subject
    /// How long it may take to come true on the script's clock, seconds.
    public let deadline: Double

    /// How long an expectation waits unless it says `within SECONDS`.
    public static let defaultDeadline = 2.0
    /// The longest `within` accepted, seconds.
    public static let longestDeadline = 600.0

    public init(_ subject: Subject, deadline: Double = Expectation.defaultDeadline) {
        self.subject = subject
        self.deadline = deadline
    }

    /// What an expectation looks at.
    public struct Observation {
        public var state: ExplorerState
        /// Lines said since the last key or command, oldest first.
        public var said: [String]
        /// Events since the last key or command, oldest first.
        public var events: [ExplorerEvent]

        public init(state: ExplorerState, said: [String], events: [ExplorerEvent]) {
            self.state = state
            self.said = said
            self.events = events
        }
    }

    /// Nil when the expectation holds; else what was there instead, in words.
    public func check(_ seen: Observation) -> String? {
        let state = seen.state
        switch subject {
        case let .heading(wanted, tolerance):
            let heading = state.camera.heading
            return abs(Degrees.wrap180(heading - wanted)) <= tolerance ? nil : "heading is \(Self.number(heading))°"
        case let .pitch(wanted, tolerance):
            return abs(state.camera.pitch - wanted) <= tolerance ? nil : "pitch is \(Self.number(state.camera.pitch))°"
        case let .zoom(wanted, tolerance):
            return abs(state.camera.zoom - wanted) <= tolerance ? nil : "zoom is \(Self.number(state.camera.zoom))×"
        case let .panorama(id):
            return state.panorama?.id == id ? nil : Self.place(state)
        case let .near(place, metres):
            guard let here = state.panorama else { return "no panorama (a single image)" }
            let distance = here.coordinate.distance(to: place)
            return distance <= metres ? nil : "\(Int(distance.rounded())) m away, at \(here.id)"
        case let .focus(match):
            let focused = Narrator.focusDescription(state)
            switch (match, focused) {
            case (nil, nil): return nil
            case (nil, let text?): return "focus is on \(text)"
            case (let match?, let text?): return match.matches(text) ? nil : "focus is on \(text)"
            case (_?, nil): return "nothing is focused"
            }
        case let .said(match):
            return seen.said.contains(where: match.matches) ? nil : seen.said.isEmpty ? "nothing was said" : Self.lines("said", seen.said)
        case let .ways(count):
            let ways = state.numberedLinks.count
            return ways == count ? nil : "\(ways) \(ways == 1 ? "way" : "ways")"
        case let .event(name, match):
            let found = seen.events.contains { $0.name == name && (match?.matches($0.jsonLine(time: 0)) ?? true) }
            return found ? nil : Self.lines("events", seen.events.map(\.name))
        case let .note(match):
            switch (match, state.note) {
            case (nil, nil): return nil
            case (nil, let note?): return "the note is \"\(note)\""
            case (let match?, let note?): return match.matches(note) ? nil : "the note is \"\(note)\""
            case (_?, nil): return "no note"
            }
        case let .error(match):
            let errors = seen.events.compactMap(\.errorMessage)
            return errors.contains { match?.matches($0) ?? true } ? nil : Self.lines("errors", errors)
        }
    }

    private static func number(_ value: Double) -> String {
        ((value * 10).rounded() / 10).plainText
    }

    private static func place(_ state: ExplorerState) -> String {
        state.panorama.map { "at \($0.id)" } ?? "no panorama (a single image)"
    }

    private static func lines(_ what: String, _ items: [String]) -> String {
        items.isEmpty ? "no \(what)" : "\(what): " + items.suffix(3).map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

/// Text an expectation looks for: a quoted substring, or a regular expression between slashes.
public enum TextMatch: Equatable, Sendable {
    case contains(String)
    case pattern(String)

    /// Reads `"text"` or `/pattern/`; nil for anything else or a pattern that does not compile.
    public static func parse(_ text: String) -> TextMatch? {
        guard text.count >= 2, let first = text.first, first == text.last else { return nil }
        let inner = String(text.dropFirst().dropLast())
        switch first {
        case "\"": return .contains(inner)
        case "/": return (try? Regex(inner)) == nil ? nil : .pattern(inner)
        default: return nil
        }
    }

    func matches(_ text: String) -> Bool {
        switch self {
        case let .contains(part): text.contains(part)
        case let .pattern(pattern): (try? Regex(pattern)).map { text.contains($0) } ?? false
        }
    }
}

extension ExplorerEvent {
    /// The message of an error event, nil for any other.
    var errorMessage: String? {
        switch self {
        case let .errorOnMoveNearCoordinate(_, message): message
        case let .errorOnMoveToPanoramaID(id, message): "\(id): \(message)"
        default: nil
        }
    }
}
