#if canImport(Glibc)
import Glibc
#endif
import TermRender
import SystemIO
import TUI
import TextSafety

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
public func runSidewalk(_ arguments: [String]) -> Int32 {
    TerminalLocale.adopt()
    do {
        return try run(arguments)
    } catch {
        // The one place a failure becomes what the user sees: one line, and its status.
        reportError(error.description)
        return error.exitStatus
    }
}

/// Parses and runs the command; a command line that cannot be parsed is a `.usage` error.
private func run(_ arguments: [String]) throws(CommandError) -> Int32 {
    func parsed<Command>(_ parse: () throws(UsageError) -> Command) throws(CommandError) -> Command {
        do { return try parse() } catch { throw .usage(error) }
    }
    let rest = Array(arguments.dropFirst())
    switch arguments.first {
    case "open": return try parsed { () throws(UsageError) in try OpenCommand.parse(rest) }.run()
    case "snapshot": return try parsed { () throws(UsageError) in try SnapshotCommand.parse(rest) }.run()
    case "import": return try parsed { () throws(UsageError) in try ImportCommand.parse(rest) }.run()
    case "info": return try parsed { () throws(UsageError) in try InfoCommand.parse(rest) }.run()
    case "bench": return try parsed { () throws(UsageError) in try BenchCommand.parse(rest) }.run()
    default: return try parsed { () throws(UsageError) in try ExploreOptions.parse(arguments) }.run()
    }
}

