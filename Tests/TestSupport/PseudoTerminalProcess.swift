import Foundation
import ScriptTerminal

#if canImport(Glibc)
import Glibc
#endif

/// A program running in a pseudo-terminal of its own, whose output the test may leave unread:
/// the terminal that stops reading (a stalled link, Ctrl-S) that tmux can never be. The program
/// is started by `sidewalk test`'s own `PseudoTerminal`, without a state log.
package final class PseudoTerminalProcess {
    private let terminal: PseudoTerminal
    package var pid: pid_t { terminal.pid }

    /// Starts `arguments` (the first is the program's path) as a session leader whose
    /// controlling terminal is a new pseudo-terminal of `columns`×`rows` cells.
    package init(_ arguments: [String], environment: [String: String], columns: Int, rows: Int) throws {
        terminal = try PseudoTerminal(
            executable: arguments[0], arguments: Array(arguments.dropFirst()), environment: environment, columns: columns, rows: rows,
            stateLog: false)
    }

    /// Types `bytes` at the terminal.
    package func type(_ bytes: [UInt8]) {
        terminal.type(bytes)
    }

    /// Everything the program wrote so far, as `read(until:seconds:)` collected it.
    package private(set) var output: [UInt8] = []

    /// Reads what the program writes, as a terminal would, until `condition` holds for all of it
    /// so far or `seconds` have passed; returns whether it held.
    package func read(until condition: ([UInt8]) -> Bool, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(output) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            let read = terminal.read(waiting: left)
            output += read.screen
            if read.ended { return condition(output) }
        }
        return true
    }

    /// The terminal's modes as they are now.
    package func modes() -> termios {
        terminal.modes()
    }

    /// Waits until `condition` holds, checking every 20 ms, for at most `seconds`.
    package func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        Wait.until(seconds: seconds, condition)
    }

    /// The exit status (128 + N when killed by signal N) once the program has ended, waiting up
    /// to `seconds` without reading its output; nil while it still runs.
    package func exit(within seconds: Double) -> Int32? {
        terminal.waitForExit(seconds: seconds, draining: false)
    }
}
