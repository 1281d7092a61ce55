/// One thing a script does: press a key, run a typed command, or let time pass.
public enum ScriptStep: Equatable, Sendable {
    case key(Key)
    /// A command as typed after `:` (programmatic: gestures never block it).
    case command(TypedCommand)
    /// Let this many seconds pass on the script's clock, 0...3600.
    case wait(seconds: Double)
}

/// Scripts for the headless explorer: `--keys "Right Right + 1 Enter"` (key names separated by
/// spaces) or a file with one key, `:command` or `wait SECONDS` per line. Key names are tmux's
/// (`Key(tmuxName:)`); blank lines and lines starting with `#` are skipped.
public enum KeyScript {
    /// The steps of a `--keys` argument; the error names the key by its position (1-based).
    public static func parse(keys: String) throws(KeyScriptError) -> [ScriptStep] {
        let names = keys.split(whereSeparator: \.isWhitespace).map(String.init)
        return try names.enumerated().map { (index, name) throws(KeyScriptError) in
            guard let key = Key(tmuxName: name) else {
                throw KeyScriptError("key \(index + 1): unknown key '\(name)' (names as tmux's: Left, Enter, BTab, q, +, ...)")
            }
            return .key(key)
        }
    }

    /// The steps of a script file's text; the error names the line (1-based).
    public static func parse(script: String) throws(KeyScriptError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        for (index, rawLine) in script.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingCharacters(in: " \t\r")
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let lineNumber = index + 1
            if line.hasPrefix(":") {
                do {
                    steps.append(.command(try TypedCommand.parse(String(line.dropFirst()))))
                } catch {
                    throw KeyScriptError("line \(lineNumber): \(error.message)")
                }
                continue
            }
            let words = line.split(separator: " ").map(String.init)
            if words.first == "wait" {
                guard words.count == 2, let seconds = Double(words[1]), seconds.isFinite, (0...3600).contains(seconds) else {
                    throw KeyScriptError("line \(lineNumber): wait needs a number of seconds from 0 to 3600")
                }
                steps.append(.wait(seconds: seconds))
                continue
            }
            for name in words {
                guard let key = Key(tmuxName: name) else {
                    throw KeyScriptError("line \(lineNumber): unknown key or command '\(name)' (keys as tmux names them, commands after ':')")
                }
                steps.append(.key(key))
            }
        }
        return steps
    }
}

/// Why a script could not be read; `message` names the line or key.
public struct KeyScriptError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

extension StringProtocol {
    /// The text without the given characters at either end.
    func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters)
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
