import Explorer
import PanoCore

/// One `expect` line of a script: something a user would perceive, checked on the explorer's
/// state, what was said and what happened since the last key or command. Pure.
package struct Expectation: Equatable, Sendable {
    /// What is checked.
    package enum Subject: Equatable, Sendable {
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
        /// Text on the screen (the full view's characters, row by row).
        case screen(TextMatch)
        /// The screen, or a region of it, is the stored golden one: text and colours.
        case golden(GoldenScreen)
        /// Something is focused, and its label on the screen is marked as focused.
        case visibleFocus
        /// The WCAG contrast ratio of what `scope` covers, as drawn, is at least the given ratio
        /// (for symbols read as shapes, at most 3:1 is asked: WCAG 1.4.11).
        case contrast(ContrastScope, atLeast: Double)
    }

    /// What a contrast expectation measures.
    package enum ContrastScope: String, Equatable, Sendable {
        /// The focused label's text against its background.
        case focus
        /// Every label, line and symbol the HUD draws (not the picture, nor the map's lines).
        case hud
    }

    package let subject: Subject
    /// How long it may take to come true on the script's clock, seconds.
    package let deadline: Double
    /// A failure is recorded and the script goes on (`expect soft …`), instead of stopping it.
    package let soft: Bool

    /// How long an expectation waits unless it says `within SECONDS`.
    package static let defaultDeadline = 2.0
    /// The longest `within` accepted, seconds.
    package static let longestDeadline = 600.0

    package init(_ subject: Subject, deadline: Double = Expectation.defaultDeadline, soft: Bool = false) {
        self.subject = subject
        self.deadline = deadline
        self.soft = soft
    }

    /// True when a failure now stays a failure however long the script waits (a golden that
    /// cannot be compared: `GoldenScreen.cannotChange`): the player does not wait for it.
    package func cannotChange(_ seen: Perceived) -> Bool {
        if case .golden(let golden) = subject { return golden.cannotChange(seen.cells) }
        return false
    }

    /// Nil when the expectation holds; else what was there instead, in words.
    package func check(_ seen: Perceived) -> String? {
        switch subject {
        case .heading(let wanted, let tolerance):
            return abs(Degrees.wrap180(seen.camera.heading - wanted)) <= tolerance ? nil : "heading is \(Self.number(seen.camera.heading))°"
        case .pitch(let wanted, let tolerance):
            return abs(seen.camera.pitch - wanted) <= tolerance ? nil : "pitch is \(Self.number(seen.camera.pitch))°"
        case .zoom(let wanted, let tolerance):
            return abs(seen.camera.zoom - wanted) <= tolerance ? nil : "zoom is \(Self.number(seen.camera.zoom))×"
        case .panorama(let id):
            return seen.panorama?.id == id ? nil : Self.place(seen)
        case .near(let place, let metres):
            guard let here = seen.panorama else { return "no panorama (a single image)" }
            let distance = here.coordinate.distance(to: place)
            return distance <= metres ? nil : "\(Int(distance.rounded())) m away, at \(here.id)"
        case .focus(let match):
            return Self.check(match, against: seen.focus, found: { "focus is on \($0)" }, absent: "nothing is focused")
        case .said(let match):
            return seen.said.contains(where: match.matches) ? nil : seen.said.isEmpty ? "nothing was said" : Self.lines("said", seen.said)
        case .ways(let count):
            return seen.ways == count ? nil : "\(seen.ways) \(seen.ways == 1 ? "way" : "ways")"
        case .event(let name, let match):
            let named = seen.events.filter { $0.name == name }
            if named.contains(where: { match?.matches($0.json) ?? true }) { return nil }
            // It arrived, but not as expected: say how (the event's fields), not only that.
            return named.isEmpty ? Self.lines("events", seen.events.map(\.name)) : Self.lines("\(name) arrived as", named.map(\.json))
        case .note(let match):
            return Self.check(match, against: seen.note, found: { "the note is \"\($0)\"" }, absent: "no note")
        case .error(let match):
            let errors = seen.events.compactMap(\.error)
            return errors.contains { match?.matches($0) ?? true } ? nil : Self.lines("errors", errors)
        case .screen(let match):
            guard let screen = seen.screen else { return "no screen to read" }
            return match.matches(screen) ? nil : "the screen does not show it"
        case .contrast(let scope, let wanted):
            return Self.checkContrast(scope, atLeast: wanted, in: seen)
        case .golden(let golden):
            return golden.check(seen.cells)
        case .visibleFocus:
            guard let focus = seen.focus else { return "nothing is focused" }
            guard let screen = seen.screen else { return "no screen to read" }
            return screen.contains(Perceived.focusMark)
                ? nil : "\(focus) is focused, but no label on screen is marked \(Perceived.focusMark)"
        }
    }

    /// What a tester needs to see beside a failure, whole: the screen for a screen or focus
    /// expectation, the events (each with its fields) for an event or error, the lines said for
    /// `said`; nil for the rest, whose `check` already says all there was.
    package func evidence(_ seen: Perceived) -> String? {
        switch subject {
        case .screen, .visibleFocus, .focus, .contrast: return seen.screen
        case .golden(let golden): return seen.cells.flatMap { GoldenScreen.render($0, region: golden.region) }
        case .event, .error: return seen.events.isEmpty ? nil : seen.events.map(\.json).joined(separator: "\n")
        case .said: return seen.said.isEmpty ? nil : seen.said.joined(separator: "\n")
        default: return nil
        }
    }

    /// Text that may be absent: nil `match` expects none, else text that matches.
    private static func check(_ match: TextMatch?, against value: String?, found: (String) -> String, absent: String) -> String? {
        guard let value else { return match == nil ? nil : absent }
        return match?.matches(value) == true ? nil : found(value)
    }

    private static func number(_ value: Double) -> String {
        ((value * 10).rounded() / 10).plainText
    }

    private static func place(_ seen: Perceived) -> String {
        seen.panorama.map { "at \($0.id)" } ?? "no panorama (a single image)"
    }

    private static func lines(_ what: String, _ items: [String]) -> String {
        items.isEmpty ? "no \(what)" : "\(what): " + items.suffix(3).map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

/// Text an expectation looks for: a quoted substring, or a regular expression between slashes
/// (a `TextPattern`, which never backtracks).
package enum TextMatch: Equatable, Sendable {
    case contains(String)
    case pattern(TextPattern)

    /// Reads `"text"` or `/pattern/`; nil for anything else. A pattern that is not accepted
    /// throws its problem.
    package static func parse(_ text: String) throws(TextPattern.Problem) -> TextMatch? {
        guard text.count >= 2, let first = text.first, first == text.last else { return nil }
        let inner = String(text.dropFirst().dropLast())
        switch first {
        case "\"": return .contains(inner)
        case "/": return .pattern(try TextPattern(inner))
        default: return nil
        }
    }

    func matches(_ text: String) -> Bool {
        switch self {
        case .contains(let part): text.contains(part)
        case .pattern(let pattern): pattern.isFound(in: text)
        }
    }
}
