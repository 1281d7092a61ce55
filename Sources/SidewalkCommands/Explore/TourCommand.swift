import ExplorerScripts
import TUI

/// `sidewalk tour FILE [DATASET] [options]`: a script played in the full explorer at a person's
/// pace, for an audience (docs/demo.md). The rest of the command line is the explorer's own.
struct TourCommand: SidewalkCommand {
    static let purpose = "play a script in the full explorer for an audience, at a person's pace"
    static let synopsis = ["sidewalk tour FILE [DATASET] [--loop] [--pace SECONDS] [explorer options]"]

    static var spec: CommandSpec<TourCommand> {
        CommandSpec(
            name: "tour", purpose: purpose, synopsis: synopsis,
            about: """
                  FILE is a script as `sidewalk test` reads it (docs/accessibility-testing.md): keys, :commands and
                  wait lines; its expect lines are skipped. Each key or command goes when the view has settled and
                  --pace seconds have passed. Space pauses and resumes; any other key stops the tour and gives you
                  the keys. DATASET defaults to the demo town.
                """,
            options: [
                .flag("--loop", help: "start again from the start (home, its first view) after the last step") { $0.loops = true },
                .number("--pace", "SECONDS", in: 0.2...60, default: 2, help: "seconds between one step settling and the next") {
                    $0.pace = $1
                }
            ] + ExploreOptions.options.map { $0.lifted(into: \.explore) }, epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.script != nil else {
                command.script = argument
                return
            }
            try command.explore.setImage(argument)
        }
    }

    /// The script's path.
    var script: String?
    var loops = false
    var pace = 2.0
    /// The explorer's options.
    var explore = ExploreOptions()

    mutating func validate() throws(UsageError) {
        guard script != nil else { throw UsageError(description: "tour needs a script FILE; see sidewalk tour --help") }
        try explore.validate()
        if explore.mode != .screen {
            throw UsageError(description: "a tour plays in the full view: --headless and --describe are not for it")
        }
    }

    func run() throws(CommandError) -> Int32 {
        guard let script else { return ExitStatus.usage }
        var explore = explore
        explore.tour = TourPlayer(try ScriptSuite.read([script])[0].lines, pace: pace, loops: loops)
        return try explore.run()
    }
}
