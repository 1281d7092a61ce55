import Explorer
import PanoCore
import TextSafety

/// One thing a script does: press a key, run a typed command, let time pass, or check something.
package enum ScriptStep: Equatable, Sendable {
    case key(Key)
    /// Keys that arrive together, as a terminal sends an Alt chord (`M-x`: Escape and x in one
    /// write, which the explorer reads as Escape then x).
    case chord([Key])
    /// An arrow, Home, End, Page Up or Page Down with Shift, Alt or Ctrl held (`S-Right`,
    /// `C-Left`): a terminal sends the key with xterm's modifier parameter (2 Shift, 3 Alt,
    /// 5 Ctrl, and sums), which Sidewalk reads as the key alone.
    case modified(Key, modifier: Int)
    /// A command as typed after `:` (programmatic: gestures never block it).
    case command(TypedCommand)
    /// Let this many seconds pass on the script's clock, 0...3600.
    case wait(seconds: Double)
    /// Check something a user would perceive, waiting up to its deadline for it.
    case expect(Expectation)

    /// True for a key or a command: what a user does, rather than waiting or checking.
    package var isAction: Bool {
        switch self {
        case .key, .chord, .modified, .command: true
        case .wait, .expect: false
        }
    }

    /// True for an `expect` line.
    package var isExpectation: Bool {
        if case .expect = self { true } else { false }
    }
}

/// A step as written.
package struct ScriptLine: Equatable, Sendable {
    package let step: ScriptStep
    /// Where it was written, 1-based: the line of a file, or the step of `--keys`.
    package let line: Int
    /// The step's text as written.
    package let text: String
    /// False when written with a trailing `&`: the script goes on a frame later, while the move
    /// it started is still under way; otherwise it waits for the view to settle, as a person
    /// listening for the result does.
    package let waits: Bool

    package init(_ step: ScriptStep, line: Int, text: String, waits: Bool = true) {
        self.step = step
        self.line = line
        self.text = text
        self.waits = waits
    }
}

/// Scripts for the headless explorer and `sidewalk test`, one grammar for a file and for
/// `--keys`: steps separated by newlines or `;` (not inside "quotes" or /patterns/). A step is
/// key names separated by spaces (tmux's: `Key(tmuxName:)`), a `:command`, `wait SECONDS`, or
/// `expect ...` (`Expectation.parse`); a trailing ` &` goes on without waiting for the view to
/// settle. Blank steps and lines starting with `#` are skipped.
package enum KeyScript {
    /// How steps are numbered in messages.
    package enum Form: Sendable {
        /// `--keys`: "step N".
        case keys
        /// A file: "line N".
        case file
    }

    /// The most steps a script holds: five times the 20,000-step walk of the headless soak
    /// (`HeadlessTests`), few enough that any script is read and played in bounded time and
    /// memory (two million keys on one line once took minutes and 658 MB, about 330 bytes a
    /// step, so this many would be about 33 MB).
    package static let maxSteps = 100_000

    /// The steps of `text`; the error names the line or step (1-based).
    package static func parse(_ text: String, form: Form) throws(KeyScriptError) -> [ScriptLine] {
        var lines: [ScriptLine] = []
        var stepNumber = 0
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = rawLine.trimming(" \t\r")
            guard !trimmed.hasPrefix("#") else { continue }
            for piece in try pieces(trimmed) {
                var text = piece.trimming(" \t")
                guard !text.isEmpty else { continue }
                stepNumber += 1
                let number = form == .file ? index + 1 : stepNumber
                let place = form == .file ? "line \(number)" : "step \(number)"
                var waits = true
                if text == "&" || text.hasSuffix(" &") {
                    waits = false
                    text = String(text.dropLast()).trimming(" \t")
                    guard !text.isEmpty else { throw KeyScriptError("\(place): & follows a key or command") }
                }
                do {
                    lines += try steps(text, room: maxSteps - lines.count).map { ScriptLine($0, line: number, text: text, waits: waits) }
                } catch {
                    throw KeyScriptError("\(place): \(error.message)")
                }
            }
        }
        return lines
    }

    /// The steps one piece of a script holds, at most `room` of them (keys are counted before
    /// any is made).
    private static func steps(_ text: String, room: Int) throws(KeyScriptError) -> [ScriptStep] {
        guard room > 0 else { throw tooManySteps }
        // A command is ':' and its name; ':' alone, or before a space, is the key that opens the command line.
        if text.hasPrefix(":"), let next = text.dropFirst().first, next != " " {
            do { return [.command(try TypedCommand.parse(String(text.dropFirst())))] } catch { throw KeyScriptError(error.message) }
        }
        let words = text.split(separator: " ", maxSplits: room, omittingEmptySubsequences: true).map(String.init)
        switch words.first {
        case "wait":
            guard words.count == 2, let seconds = Double(words[1]), seconds.isFinite, (0...3600).contains(seconds) else {
                throw KeyScriptError("wait needs a number of seconds from 0 to 3600")
            }
            return [.wait(seconds: seconds)]
        case "expect":
            return [.expect(try Expectation.parse(String(text.dropFirst("expect".count))))]
        default:
            guard words.count <= room else { throw tooManySteps }
            return try words.map { (name) throws(KeyScriptError) in
                if name.count == 3, name.hasPrefix("M-"), let key = Key(tmuxName: String(name.dropFirst(2))) {
                    return .chord([.escape, key])
                }
                if let (key, modifier) = modifiedKey(name) { return .modified(key, modifier: modifier) }
                guard let key = Key(tmuxName: name) else {
                    throw KeyScriptError(
                        "unknown key or command '\(KeyScriptError.excerpt(name))' (keys as tmux names them, commands after ':', or wait, expect)"
                    )
                }
                return .key(key)
            }
        }
    }

    private static var tooManySteps: KeyScriptError {
        KeyScriptError("a script holds at most \(maxSteps) steps (keys, commands and expectations)")
    }

    /// `S-`, `M-` and `C-` (in any mix) before a cursor or page key's name: the key and xterm's
    /// modifier parameter; nil for anything else.
    private static func modifiedKey(_ name: String) -> (Key, Int)? {
        var rest = Substring(name)
        var modifier = 1
        for (prefix, bit) in [("S-", 1), ("M-", 2), ("C-", 4)] where rest.hasPrefix(prefix) {
            modifier += bit
            rest = rest.dropFirst(2)
        }
        guard modifier > 1, let key = Key(tmuxName: String(rest)),
            [.left, .right, .up, .down, .home, .end, .pageUp, .pageDown].contains(key)
        else { return nil }
        return (key, modifier)
    }

    /// A line cut at each `;` that is not inside "quotes" or a /pattern/ of an expect step.
    private static func pieces(_ line: String) throws(KeyScriptError) -> [String] {
        var pieces: [String] = []
        var current = ""
        var closing: Character?
        var escaped = false
        for character in line {
            if let end = closing {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == end { closing = nil }
            } else if character == ";" {
                pieces.append(current)
                current = ""
                continue
            } else if character == "\"" || (character == "/" && current.hasPrefix("expect") && current.last == " ") {
                closing = character
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }
}

/// Why a script could not be read; `message` names the line or step.
package struct KeyScriptError: Error, Equatable, Sendable {
    package let message: String
    package init(_ message: String) { self.message = message }

    /// Most characters of a script's own text an error quotes.
    static let excerptLength = 24

    /// `text` as an error may quote it: its first `excerptLength` characters, control characters
    /// made visible, and `…` where it was cut. A file that is not a script (a suite entry linked
    /// to `~/.env`) must not have its lines copied whole into a CI log.
    static func excerpt(_ text: some StringProtocol) -> String {
        let cut = text.count > excerptLength
        return TextSanitizer.sanitize(String(text.prefix(excerptLength)), showingInvisible: true) + (cut ? "…" : "")
    }
}
