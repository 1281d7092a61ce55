import Foundation

/// A `sidewalk` command as README.md or a page of docs/ shows it: a line of a fenced code block
/// that starts with `sidewalk ` (after an optional `$ ` prompt, without its `# comment`), or an
/// inline code span that does.
struct DocumentedCommand: Hashable, CustomStringConvertible {
    /// The document, relative to the package root (README.md, docs/search.md).
    let document: String
    /// 1-based line in the document.
    let line: Int
    /// The command as the document spells it, from `sidewalk` on.
    let text: String

    var description: String { "\(document):\(line): \(text)" }

    /// Words as a POSIX shell splits them (single and double quotes; no expansion).
    var words: [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// Every command in `documents` (paths relative to `root`), in the order they are read.
    static func all(in documents: [String], root: URL) throws -> [DocumentedCommand] {
        try documents.flatMap { document in
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            return commands(in: text, document: document)
        }
    }

    /// The commands of one document's `text`.
    static func commands(in text: String, document: String) -> [DocumentedCommand] {
        var found: [DocumentedCommand] = []
        var fenced = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if fenced {
                let command = trimmed.hasPrefix("$ ") ? String(trimmed.dropFirst(2)) : trimmed
                if command.hasPrefix("sidewalk ") {
                    found.append(DocumentedCommand(document: document, line: index + 1, text: withoutComment(command)))
                }
            } else {
                found += inlineSpans(in: String(line)).filter { $0.hasPrefix("sidewalk ") }.map {
                    DocumentedCommand(document: document, line: index + 1, text: $0)
                }
            }
        }
        return found
    }

    /// The inline code spans of one line of prose.
    private static func inlineSpans(in line: String) -> [String] {
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }

    /// `command` without a trailing shell comment (a `#` after two or more spaces).
    private static func withoutComment(_ command: String) -> String {
        guard let range = command.range(of: #"\s{2,}#.*$"#, options: .regularExpression) else { return command }
        return String(command[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
    }
}
