#if canImport(Glibc)
import Glibc
#endif
import TermRender
import TUI
import TextSafety

/// Prints one line to standard error, prefixed with the program name. The message may carry
/// untrusted text (file names, ids, decoder messages), so it is sanitised first, with invisible
/// characters shown by their code (`<U+200B>`).
func reportError(_ message: String) {
    let line = Array("sidewalk: \(TextSanitizer.sanitize(message, showingInvisible: true))\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Runs `sidewalk` with `arguments` (without the program name) and returns the exit status:
/// the whole program but for `exit`, so tests can call it in-process.
public func runSidewalk(_ arguments: [String]) -> Int32 {
    TerminalLocale.adopt()
    do {
        switch arguments.first {
        case "open":
            return try OpenCommand.parse(Array(arguments.dropFirst())).run()
        case "snapshot":
            return try SnapshotCommand.parse(Array(arguments.dropFirst())).run()
        case "import":
            return try ImportCommand.parse(Array(arguments.dropFirst())).run()
        case "info":
            return try InfoCommand.parse(Array(arguments.dropFirst())).run()
        case "bench":
            return try BenchCommand.parse(Array(arguments.dropFirst())).run()
        default:
            return try ExploreOptions.parse(arguments).run()
        }
    } catch let error as UsageError {
        reportError(error.description)
        return ExitStatus.usage
    } catch let error as CommandError {
        reportError(error.description)
        return error.exitStatus
    } catch {
        reportError("\(error)")
        return ExitStatus.failure
    }
}

