import TermRender

/// A command's command line, declared once: what it is for, how it is called, its options, and
/// what its other arguments mean. Parsing, `--help` and the usage errors all come from it.
struct CommandSpec<Settings> {
    /// The word after `sidewalk` ("snapshot"), or nil for the explorer itself.
    let name: String?
    /// One line: what the command does.
    let purpose: String
    /// How it is called, one line each, starting "sidewalk"; README's usage block lists them.
    let synopsis: [String]
    /// What the arguments mean, and anything else to say before the options (may be empty).
    let about: String
    /// Every option but -h/--help, which every command has.
    let options: [CommandOption<Settings>]
    /// Text after the options (may be empty).
    let epilogue: String
    /// Takes an argument that is not an option (a path, a URL, a benchmark's name).
    let operand: (inout Settings, String) throws(UsageError) -> Void

    /// What the command line asked for.
    enum Outcome {
        case help
        case run(Settings)
    }

    /// Reads `arguments` (after the command's name) into `settings`. `-h` or `--help` anywhere
    /// asks for help; after `--` every argument is an operand.
    func parse(_ arguments: [String], into settings: Settings) throws(UsageError) -> Outcome {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return .help }
        var settings = settings
        var remaining = arguments[...]
        var operandsOnly = false
        while let argument = remaining.popFirst() {
            if operandsOnly || argument == "-" || !argument.hasPrefix("-") {
                try operand(&settings, argument)
            } else if argument == "--" {
                operandsOnly = true
            } else if let option = options.first(where: { $0.spellings.contains(argument) }) {
                guard option.placeholder != nil else {
                    try option.apply(&settings, "")
                    continue
                }
                guard let value = remaining.popFirst() else { throw UsageError(description: "\(argument) needs a value") }
                try option.apply(&settings, value)
            } else {
                throw UsageError(description: "unknown option '\(argument)'; see sidewalk \(name.map { $0 + " " } ?? "")--help")
            }
        }
        return .run(settings)
    }

    /// The text of `--help`.
    var help: String {
        var sections = [
            "sidewalk\(name.map { " " + $0 } ?? ""): \(purpose)", "USAGE:\n" + synopsis.map { "  " + $0 }.joined(separator: "\n")
        ]
        if !about.isEmpty { sections.append(about) }
        let rows = options.map { ($0.helpName, $0.help) } + [("-h, --help", "show this help")]
        sections.append("OPTIONS:\n" + HelpLayout.table(rows))
        if !epilogue.isEmpty { sections.append(epilogue) }
        return sections.joined(separator: "\n\n")
    }
}

/// Lays out help text: two columns, the second wrapped to the page.
enum HelpLayout {
    /// Columns a help page fills at most.
    static let width = 100

    /// Rows of "name  what it does", the names indented by two and padded to one column; a
    /// name too long for it puts its text on the next line.
    static func table(_ rows: [(String, String)]) -> String {
        let column = min(24, (rows.map(\.0.count).max() ?? 0) + 4)
        return rows.map { name, text in
            let lines = TextLayout.wrapped(text, limit: width - column)
            let indent = String(repeating: " ", count: column)
            let first = "  " + name
            let head =
                first.count < column
                ? first + String(repeating: " ", count: column - first.count) + lines[0] : first + "\n" + indent + lines[0]
            return ([head] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
