import SystemIO
import TUI
import TermRender
import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// Prints one line to standard error, prefixed with the program name. The message may carry
/// untrusted text (file names, ids, decoder messages), so it is sanitised first, with invisible
/// characters shown by their code (`<U+200B>`).
func reportError(_ message: String) {
    writeStandardError("sidewalk: \(TextSanitizer.sanitize(message, showingInvisible: true))\n")
}

/// Writes `text` to standard error whole (progress lines, errors).
func writeStandardError(_ text: String) {
    _ = FileDescriptorIO.writeAll(STDERR_FILENO, Array(text.utf8))
}

/// Runs `sidewalk` with `arguments` (without the program name) and returns the exit status:
/// the whole program but for `exit`, so tests can call it in-process.
package func runSidewalk(_ arguments: [String]) -> Int32 {
    TerminalLocale.adopt()
    do {
        return try run(arguments)
    } catch {
        // The one place a failure becomes what the user sees: one line, and its status.
        reportError(error.description)
        return error.exitStatus
    }
}

/// A command of `sidewalk`: its command line declared once (`spec`), checked, then run.
protocol SidewalkCommand {
    /// The command line: options, operands, help.
    static var spec: CommandSpec<Self> { get }
    /// The settings before any argument: every default.
    init()
    /// Checks what the table alone can't: required arguments and combinations.
    mutating func validate() throws(UsageError)
    func run() throws(CommandError) -> Int32
}

/// Parses and runs the command; a command line that cannot be parsed is a `.usage` error.
private func run(_ arguments: [String]) throws(CommandError) -> Int32 {
    let rest = Array(arguments.dropFirst())
    switch arguments.first {
    case "open": return try execute(OpenCommand.self, rest)
    case "tour": return try execute(TourCommand.self, rest)
    case "panoramax": return try execute(PanoramaxCommand.self, rest)
    case "mapillary": return try execute(MapillaryCommand.self, rest)
    case "snapshot": return try execute(SnapshotCommand.self, rest)
    case "import": return try execute(ImportCommand.self, rest)
    case "tile": return try execute(TileCommand.self, rest)
    case "info": return try execute(InfoCommand.self, rest)
    case "bench": return try execute(BenchCommand.self, rest)
    case "terminal": return try execute(TerminalCommand.self, rest)
    case "test": return try execute(TestCommand.self, rest)
    case "render": return try execute(RenderCommand.self, rest)
    case "generate": return try execute(GenerateCommand.self, rest)
    default: return try execute(ExploreOptions.self, arguments)
    }
}

/// Parses `arguments` by the command's table and runs it, or prints its help.
private func execute<Command: SidewalkCommand>(_: Command.Type, _ arguments: [String]) throws(CommandError) -> Int32 {
    var command: Command
    do {
        switch try Command.spec.parse(arguments, into: Command()) {
        case .help:
            print(Command.spec.help)
            return ExitStatus.success
        case .run(let parsed): command = parsed
        }
        try command.validate()
    } catch {
        throw .usage(error)
    }
    return try command.run()
}
