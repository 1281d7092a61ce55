import Explorer
import ProductInfo

/// `man sidewalk`: every command and option from the tables `--help` prints (`CommandPages`),
/// the keys from the explorer's own list, the exit statuses, the environment and the files, as
/// roff for man(7).
enum ManualPage {
    /// The page; `date` (YYYY-MM-DD, from SOURCE_DATE_EPOCH when packaged) heads it.
    static func roff(date: String) -> String {
        let pages = CommandPages.all
        var lines = [
            ".TH SIDEWALK 1 \"\(date)\" \"sidewalk \(ProductVersion.number)\" \"User Commands\"", ".SH NAME",
            "sidewalk \\- street\\-level panoramas in a terminal", ".SH SYNOPSIS", ".nf"
        ]
        lines += HelpText.allSynopses.map(text)
        lines += [".fi", ".SH DESCRIPTION"] + paragraphs(pages[0].about)
        lines += [".SH OPTIONS"] + pages[0].options.flatMap(option)
        lines += [".SH COMMANDS"]
        for page in pages.dropFirst() {
            lines += [".SS \"sidewalk \(page.name ?? "")\"", text(page.purpose) + ".", ".PP", ".nf"] + page.synopsis.map(text) + [".fi"]
            lines += paragraphs(page.about) + page.options.flatMap(option) + paragraphs(page.epilogue)
        }
        lines += [".SH KEYS"] + KeyBindings.help.flatMap { [".TP", ".B \(text($0.0))", text($0.1)] }
        lines += [".SH MOUSE"] + KeyBindings.mouseHelp.flatMap { [".TP", ".B \(text($0.0))", text($0.1)] }
        lines += [".SH EXIT STATUS"] + exitStatuses.flatMap { [".TP", ".B \($0.0)", text($0.1)] }
        lines += [".SH ENVIRONMENT"] + environment.flatMap { [".TP", ".B \($0.0)", text($0.1)] }
        lines += [".SH FILES"] + files.flatMap { [".TP", ".I \(text($0.0))", text($0.1)] }
        lines += [".SH SEE ALSO", ".BR asciinema (1),", ".BR ffmpeg (1),", ".BR tmux (1)"]
        return lines.joined(separator: "\n") + "\n"
    }

    static let exitStatuses = [
        ("0", "success"), ("1", "unusable input, a failed write, or no usable terminal"), ("2", "a bad command line or script"),
        ("3", "no imagery near the place asked for"), ("128+N", "ended by signal N")
    ]

    static let environment = [
        ("SIDEWALK_ASSETS", "the folder of the bundled assets, when they are not beside the executable or in ../share/sidewalk/Assets"),
        ("NO_COLOR", "when set and not empty, no colour (as --color none)"),
        ("COLORTERM", "truecolor or 24bit: the terminal shows 24-bit colour"),
        ("TERM", "the terminal's type, for its capabilities"),
        ("XDG_CONFIG_HOME", "where config.json is looked for (default ~/.config)"),
        ("XDG_CACHE_HOME", "where the HTTP and snapshot caches live (default ~/.cache)")
    ]

    static let files = [
        ("~/.config/sidewalk/config.json", "settings: gestures, colours, frame rate, home, geocoder; flags win"),
        ("~/.cache/sidewalk/http", "web resources kept as their servers allow, within 512 MB"),
        ("/usr/share/sidewalk/Assets", "the bundled demo town and compass plaza, as installed by the package")
    ]

    /// An option as a tagged paragraph: its names and value, then what it does.
    private static func option(_ option: CommandPage.Option) -> [String] {
        let names = option.names.map { "\\fB\(text($0))\\fR" }.joined(separator: ", ")
        return [".TP", names + (option.placeholder.map { " \\fI\(text($0))\\fR" } ?? ""), text(option.help)]
    }

    /// Text laid out as it is in `--help`, kept line for line (indented lines stay as they are).
    private static func paragraphs(_ body: String) -> [String] {
        guard !body.isEmpty else { return [] }
        return [".PP", ".nf"] + body.split(separator: "\n", omittingEmptySubsequences: false).map { text(String($0)) } + [".fi"]
    }

    /// `raw` safe in roff: backslashes written as `\e`, hyphens as `\-`, and a line that would
    /// start with a control character (`.` or `'`) begun with `\&`.
    static func text(_ raw: String) -> String {
        let escaped = raw.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
