import CNcursesw
import CTerminalSignals
import SystemIO
import TermRender

#if canImport(Glibc)
import Glibc
#endif

extension TerminalProbe {
    /// The colour mode terminfo (read once, here) and the environment suggest for `termName`
    /// (`ColorMode.detect`); `colorMode(detected:capabilities:environment:)` raises it to
    /// truecolor when the terminal showed it can.
    package static func colorModeFromTerminfo(termName: String?, environment: [String: String]) -> ColorMode {
        var colors: Int32 = 0
        var trueColor: Int32 = 0
        if let termName, sw_terminfo_colour_support(termName, &colors, &trueColor) != 0 { (colors, trueColor) = (0, 0) }
        return ColorMode.detect(environment: environment, terminfoTrueColor: trueColor != 0, terminfoColors: Int(colors))
    }

    /// Asks the controlling terminal (`/dev/tty`, so the report may go to a file or a pipe),
    /// without taking the screen over, and waits up to `seconds` for DA1's answer (`sidewalk
    /// terminal`). Keys typed meanwhile are dropped; the terminal's modes are restored, also after
    /// a crash.
    /// Also returns the window's size in cells (0×0 when the terminal does not say).
    package static func ask(termName: String?, environment: [String: String], within seconds: Double)
        throws(TerminalError) -> (capabilities: TerminalCapabilities, columns: Int, rows: Int)
    {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { throw .notATerminal(stream: "/dev/tty (no controlling terminal)") }
        defer { SystemCall.close(tty) }
        var decoder = InputDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let answers = try TmuxFeatureQuery.alongside(environment: environment, within: seconds) { () throws(TerminalError) in
            let answers = InputModes.reading(on: tty) { _ in
                _ = FileDescriptorIO.writeAll(tty, queries(termName: termName, environment: environment))
                return collect(from: tty, within: seconds) {
                    let count = SystemCall.read(tty, into: &buffer)
                    guard count > 0 else { return nil }
                    return decoder.feed(Array(buffer[0..<count])).compactMap { if case .reply(let reply) = $0 { reply } else { nil } }
                }
            }
            guard let answers else { throw .notATerminal(stream: "/dev/tty") }
            return answers
        }
        let size = SystemCall.terminalSize(of: tty)
        return (answers, size?.columns ?? 0, size?.rows ?? 0)
    }

    /// The answers, as `readReplies` takes them from `descriptor` whenever it has bytes, until
    /// DA1's reply or `seconds`; `readReplies` returns nil when the input has ended.
    static func collect(
        from descriptor: Int32 = STDIN_FILENO, within seconds: Double,
        readReplies: () -> [TerminalReply]?
    ) -> TerminalCapabilities {
        var capabilities = TerminalCapabilities()
        let deadline = FileDescriptorIO.monotonicSeconds() + seconds
        while !capabilities.answered {
            let left = deadline - FileDescriptorIO.monotonicSeconds()
            guard left > 0, SystemCall.poll(descriptor, for: POLLIN, seconds: left) != nil, let replies = readReplies() else { break }
            replies.forEach { capabilities.take($0) }
        }
        return capabilities
    }
}
