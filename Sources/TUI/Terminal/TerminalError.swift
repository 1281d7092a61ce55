/// Why the interactive front cannot use this terminal. Reported before the screen is touched.
package enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    case notATerminal(stream: String)
    case terminalTypeUnset
    case unknownTerminalType(String)
    case noTerminfoDatabase
    case cannotAddressCursor(String)
    case cannotInitialise(String)
    case pollFailed(String)

    package var description: String {
        switch self {
        case .notATerminal(let stream):
            "\(stream) is not a terminal; use `sidewalk snapshot` for output to a file or pipe"
        case .terminalTypeUnset: "TERM is not set; set it to your terminal's type, e.g. TERM=xterm-256color"
        case .unknownTerminalType(let name): "unknown terminal type TERM=\(name); try TERM=xterm-256color"
        case .noTerminfoDatabase: "no terminfo database found; install ncurses-base"
        case .cannotAddressCursor(let name):
            "terminal type TERM=\(name) cannot move the cursor, so it cannot show images; try TERM=xterm-256color"
        case .cannotInitialise(let name): "could not initialise the terminal (TERM=\(name))"
        case .pollFailed(let reason): "waiting for input failed: \(reason)"
        }
    }
}
