import Explorer
import PanoCore

extension Expectation {
    /// Reads what follows `expect`: `heading 90 [±TOL]`, `pitch P [±TOL]`, `zoom Z [±TOL]`,
    /// `panorama ID`, `near LAT,LNG [METRES]`, `focus "TEXT"|/RE/|none`, `said "TEXT"|/RE/`,
    /// `ways N`, `event NAME ["TEXT"|/RE/]`, `note "TEXT"|/RE/|none`, `error ["TEXT"|/RE/]`,
    /// `screen "TEXT"|/RE/`, `visible focus`, `contrast focus|hud >= RATIO`, each optionally
    /// followed by `within SECONDS`, and
    /// each optionally after `soft` (a failure is recorded and the script goes on). The error
    /// says what is wrong, without the line.
    package static func parse(_ text: String) throws(KeyScriptError) -> Expectation {
        var words = try tokens(text)
        let soft = words.first == "soft"
        if soft { words.removeFirst() }
        var deadline = defaultDeadline
        if words.count >= 2, words[words.count - 2] == "within" {
            guard let seconds = Double(words[words.count - 1]), seconds.isFinite, (0...longestDeadline).contains(seconds) else {
                throw KeyScriptError("within needs a number of seconds from 0 to \(Int(longestDeadline))")
            }
            deadline = seconds
            words.removeLast(2)
        }
        guard let what = words.first else { throw KeyScriptError("expect needs something to expect: \(subjects)") }
        let arguments = Array(words.dropFirst())
        return Expectation(try subject(what, arguments), deadline: deadline, soft: soft)
    }

    static let subjects = "heading, pitch, zoom, panorama, near, focus, said, ways, event, note, error, screen, visible focus or contrast"

    /// `FILE [region ROW,COL,ROWS,COLS]` after `screen matches` (1-based; a golden file's name,
    /// relative to the script).
    private static func golden(_ arguments: [String]) throws(KeyScriptError) -> GoldenScreen {
        let form = "expect screen matches FILE [region ROW,COL,ROWS,COLS]"
        guard arguments.count == 1 || arguments.count == 3, !arguments[0].isEmpty, !arguments[0].hasPrefix("/") else {
            throw KeyScriptError("\(form) (FILE relative to the script)")
        }
        guard arguments.count == 3 else { return GoldenScreen(name: arguments[0], region: nil) }
        let numbers = arguments[2].split(separator: ",").compactMap { Int($0) }
        guard arguments[1] == "region", numbers.count == 4, numbers.allSatisfy({ (1...1000).contains($0) }) else {
            throw KeyScriptError("\(form): a region is four whole numbers from 1, e.g. region 1,1,1,80")
        }
        return GoldenScreen(
            name: arguments[0], region: GoldenScreen.Region(row: numbers[0], column: numbers[1], rows: numbers[2], columns: numbers[3]))
    }

    /// `contrast focus|hud >= RATIO`, RATIO 1...21 (WCAG's range).
    private static func contrast(_ arguments: [String]) throws(KeyScriptError) -> Subject {
        guard arguments.count == 3, let scope = ContrastScope(rawValue: arguments[0]), arguments[1] == ">=",
            let ratio = Double(arguments[2]), (1...21).contains(ratio)
        else {
            throw KeyScriptError("expect contrast takes focus or hud, >= and a ratio from 1 to 21: expect contrast focus >= 4.5")
        }
        return .contrast(scope, atLeast: ratio)
    }

    /// `argument` as the text `expect what` looks for (`form` says what it takes).
    private static func textMatch(_ argument: String, what: String, form: String) throws(KeyScriptError) -> TextMatch {
        let parsed: TextMatch?
        do { parsed = try TextMatch.parse(argument) } catch {
            throw KeyScriptError("expect \(what): \(KeyScriptError.excerpt(argument)) is not a pattern Sidewalk reads: \(error)")
        }
        guard let match = parsed else {
            throw KeyScriptError(
                "expect \(what) takes \(form); \(KeyScriptError.excerpt(argument)) is neither \"text\" nor a /regular expression/")
        }
        return match
    }

    private static func subject(_ what: String, _ arguments: [String]) throws(KeyScriptError) -> Subject {
        func count(_ allowed: ClosedRange<Int>, _ form: String) throws(KeyScriptError) {
            guard allowed.contains(arguments.count) else { throw KeyScriptError("expect \(what) takes \(form)") }
        }
        func match(_ index: Int, _ form: String) throws(KeyScriptError) -> TextMatch {
            try textMatch(arguments[index], what: what, form: form)
        }
        switch what {
        case "heading", "pitch", "zoom":
            try count(1...2, "a number and an optional ±TOLERANCE")
            guard let value = Double(arguments[0]), value.isFinite else {
                throw KeyScriptError("expect \(what) needs a number, not '\(KeyScriptError.excerpt(arguments[0]))'")
            }
            var tolerance = what == "zoom" ? 0.05 : 1
            if arguments.count == 2 {
                let text =
                    arguments[1].hasPrefix("±")
                    ? String(arguments[1].dropFirst()) : arguments[1].hasPrefix("+-") ? String(arguments[1].dropFirst(2)) : ""
                guard let given = Double(text), given.isFinite, given >= 0 else {
                    throw KeyScriptError("expect \(what): a tolerance is written ±N")
                }
                tolerance = given
            }
            return what == "heading"
                ? .heading(value, tolerance: tolerance)
                : what == "pitch" ? .pitch(value, tolerance: tolerance) : .zoom(value, tolerance: tolerance)
        case "panorama":
            try count(1...1, "an id")
            return .panorama(arguments[0])
        case "near":
            try count(1...2, "LAT,LNG and optional METRES")
            guard case .success(let place) = Coordinate.parse(arguments[0]) else {
                throw KeyScriptError("expect near needs LAT,LNG, not '\(KeyScriptError.excerpt(arguments[0]))'")
            }
            let metres = arguments.count == 2 ? Double(arguments[1]) : 5
            guard let metres, metres.isFinite, metres >= 0 else {
                throw KeyScriptError("expect near: METRES is a distance, not '\(KeyScriptError.excerpt(arguments[1]))'")
            }
            return .near(place, metres: metres)
        case "focus", "note":
            try count(1...1, "\"text\", /pattern/ or none")
            let match = arguments[0] == "none" ? nil : try match(0, "\"text\", /pattern/ or none")
            return what == "focus" ? .focus(match) : .note(match)
        case "said":
            try count(1...1, "\"text\" or /pattern/")
            return .said(try match(0, "\"text\" or /pattern/"))
        case "ways":
            try count(1...1, "a number")
            guard let ways = Int(arguments[0]), ways >= 0 else {
                throw KeyScriptError("expect ways needs a whole number, not '\(KeyScriptError.excerpt(arguments[0]))'")
            }
            return .ways(ways)
        case "event":
            try count(1...2, "an event name and optional \"text\" or /pattern/ on its JSON line")
            guard ExplorerEvent.names.contains(arguments[0]) else {
                throw KeyScriptError("no event is called '\(KeyScriptError.excerpt(arguments[0]))' (docs/events.md lists them)")
            }
            return .event(arguments[0], arguments.count == 2 ? try match(1, "\"text\" or /pattern/") : nil)
        case "error":
            try count(0...1, "an optional \"text\" or /pattern/")
            return .error(arguments.isEmpty ? nil : try match(0, "\"text\" or /pattern/"))
        case "screen" where arguments.first == "matches":
            return .golden(try golden(Array(arguments.dropFirst())))
        case "screen":
            try count(1...1, "\"text\" or /pattern/")
            return .screen(try match(0, "\"text\" or /pattern/"))
        case "visible":
            guard arguments == ["focus"] else { throw KeyScriptError("expect visible takes focus: expect visible focus") }
            return .visibleFocus
        case "contrast":
            return try contrast(arguments)
        default:
            throw KeyScriptError("cannot expect '\(KeyScriptError.excerpt(what))'; expect \(subjects)")
        }
    }

    /// Words separated by spaces, where "quoted text" and /a pattern/ are one word each (with
    /// their quotes or slashes; `\/` inside a pattern is a slash).
    static func tokens(_ text: String) throws(KeyScriptError) -> [String] {
        var tokens: [String] = []
        var current = ""
        var closing: Character?
        var escaped = false
        for character in text {
            if let end = closing {
                current.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == end { closing = nil }
            } else if character == " " || character == "\t" {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                if current.isEmpty, character == "\"" || character == "/" { closing = character }
                current.append(character)
            }
        }
        guard closing == nil else { throw KeyScriptError("a \(closing == "\"" ? "quote" : "pattern") is not closed") }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
