/// A command's command line as the manual and the shells' completions read it: the same table
/// `--help` prints (`CommandSpec`), without the settings it fills.
struct CommandPage {
    /// One option: its spellings, the value it takes, what it does.
    struct Option {
        let names: [String]
        let aliases: [String]
        /// What its value is called ("DEG"); nil for a flag.
        let placeholder: String?
        let help: String
        /// The words it takes, when it takes one of a few.
        let choices: [String]

        /// True when its value names a file or a folder, so a shell completes file names.
        var takesPath: Bool {
            guard let placeholder else { return false }
            return ["PATH", "FILE", "DIR", "SOCKET", "IMAGE", "DATASET", ".CAST", ".PNG", ".GPX"].contains {
                placeholder.uppercased().contains($0)
            }
        }
    }

    /// The word after `sidewalk`; nil for the explorer itself.
    let name: String?
    let purpose: String
    let synopsis: [String]
    let about: String
    /// Every option, `-h, --help` last.
    let options: [Option]
    let epilogue: String
}

extension CommandSpec {
    /// This command line as a page.
    var page: CommandPage {
        let listed = options.map { option in
            CommandPage.Option(
                names: option.names, aliases: option.aliases, placeholder: option.placeholder, help: option.help, choices: option.choices)
        }
        let help = CommandPage.Option(names: ["-h", "--help"], aliases: [], placeholder: nil, help: "show this help", choices: [])
        return CommandPage(name: name, purpose: purpose, synopsis: synopsis, about: about, options: listed + [help], epilogue: epilogue)
    }
}

enum CommandPages {
    /// Every command's page: the explorer's first, then the others as `--help` lists them.
    static var all: [CommandPage] {
        [
            ExploreOptions.spec.page, PanoramaxCommand.spec.page, MapillaryCommand.spec.page, OpenCommand.spec.page, TourCommand.spec.page,
            SnapshotCommand.spec.page, InfoCommand.spec.page, ImportCommand.spec.page, TileCommand.spec.page, BenchCommand.spec.page,
            TerminalCommand.spec.page, TestCommand.spec.page, RenderCommand.spec.page, GenerateCommand.spec.page
        ]
    }
}
