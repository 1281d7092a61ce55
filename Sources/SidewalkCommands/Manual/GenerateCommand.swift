import FoundationEssentials
import PanoCore
import SystemIO

/// `sidewalk generate man|bash|zsh|fish`: the manual page (roff) or a shell's completions, made
/// from the same tables `--help` prints, on standard output. `scripts/package` installs them.
struct GenerateCommand: SidewalkCommand {
    static let purpose = "write the manual page or a shell's completions, made from these --help tables"
    static let synopsis = ["sidewalk generate man|bash|zsh|fish"]
    static let kinds = ["man", "bash", "zsh", "fish"]

    static var spec: CommandSpec<GenerateCommand> {
        CommandSpec(
            name: "generate", purpose: purpose, synopsis: synopsis,
            about: """
                  man    the manual page, roff for man(1): sidewalk generate man > sidewalk.1
                  bash   completions for bash (bash-completion's folder, or source it)
                  zsh    completions for zsh, through its bashcompinit
                  fish   completions for fish
                The page's date is SOURCE_DATE_EPOCH's day when it is set, so a package is the same
                every time it is made from one commit.
                """,
            options: [], epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.kind == nil else { throw UsageError(description: "generate takes one of man, bash, zsh or fish") }
            guard kinds.contains(argument) else {
                throw UsageError(description: "generate takes man, bash, zsh or fish, not '\(argument)'")
            }
            command.kind = argument
        }
    }

    var kind: String?

    func validate() throws(UsageError) {
        guard kind != nil else { throw UsageError(description: "generate needs man, bash, zsh or fish; see sidewalk generate --help") }
    }

    func run() throws(CommandError) -> Int32 {
        guard let kind else { return ExitStatus.usage }
        print(kind == "man" ? ManualPage.roff(date: Self.date()) : ShellCompletions.script(for: kind) ?? "", terminator: "")
        return ExitStatus.success
    }

    /// SOURCE_DATE_EPOCH's day (reproducible builds' convention), else today's, as YYYY-MM-DD.
    static func date() -> String {
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int(decimal: $0) }
        return UTCTime.text(epoch.map(Double.init) ?? UTCTime.now(), "%Y-%m-%d")
    }
}
