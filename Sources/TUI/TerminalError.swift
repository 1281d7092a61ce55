/// Why the interactive front cannot use this terminal. Reported before the screen is touched.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    case notATerminal(stream: String)
    case terminalTypeUnset
    case unknownTerminalType(String)
    case noTerminfoDatabase
    case cannotAddressCursor(String)
    case cannotInitialise(String)
    case pollFailed(String)

    public var description: String {
        switch self {
        case let .notATerminal(stream):
            "\(stream) is not a terminal; use `sidewalk snapshot` for output to a file or pipe"
        case .terminalTypeUnset: "TERM is not set; set it to your terminal's type, e.g. TERM=xterm-256color"
        case let .unknownTerminalType(name): "unknown terminal type TERM=\(name); try TERM=xterm-256color"
        case .noTerminfoDatabase: "no terminfo database found; install ncurses-base"
        case let .cannotAddressCursor(name):
            "terminal type TERM=\(name) cannot move the cursor, so it cannot show images; try TERM=xterm-256color"
        case let .cannotInitialise(name): "could not initialise the terminal (TERM=\(name))"
        case let .pollFailed(reason): "waiting for input failed: \(reason)"
        }
    }
}
