import PanoCore
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// tmux's word on the terminal around it. Inside tmux nothing answers the colour questions
/// (tmux keeps DECRQSS and XTGETTCAP to itself) and `COLORTERM` is not set, yet tmux passes 24-bit
/// colour through when its outer terminal has the `RGB` feature (`terminal-features` or
/// `terminal-overrides`, or a terminfo entry with `RGB`/`Tc`). tmux knows which: `tmux display -p
/// '#{client_termfeatures}'` lists the attached client's features, `RGB` among them. This asks
/// it, only when `TMUX` is set, in a child process read with a deadline, so a tmux that does not
/// answer never holds the explorer up.
package final class TmuxFeatureQuery {
    private let tmux: ChildProcess
    private var answer: [UInt8] = []

    /// Starts asking, when `environment` has `TMUX`; nil otherwise, or when tmux cannot be started.
    package static func start(environment: [String: String]) -> TmuxFeatureQuery? {
        guard environment["TMUX"] != nil else { return nil }
        let arguments = ["tmux", "display-message", "-p", "#{client_termfeatures}"]
        guard let tmux = try? ChildProcess(arguments, environment: environment, output: .pipe, errors: .null) else { return nil }
        return TmuxFeatureQuery(tmux: tmux)
    }

    /// What `probe` (the terminal's own questions) returns, with tmux's answer taken in when
    /// `environment` is inside tmux: tmux is asked first and waited for no longer than `seconds`
    /// from then, so both share one wait.
    package static func alongside(
        environment: [String: String], within seconds: Double,
        _ probe: () throws(TerminalError) -> TerminalCapabilities
    ) throws(TerminalError) -> TerminalCapabilities {
        let query = start(environment: environment)
        let asked = FileDescriptorIO.monotonicSeconds()
        var capabilities = try probe()
        if let features = query?.features(by: asked + seconds) { capabilities.take(tmuxFeatures: features) }
        return capabilities
    }

    private init(tmux: ChildProcess) {
        self.tmux = tmux
    }

    /// The features tmux listed for its client (`RGB`, `clipboard`, …), reading until
    /// `deadline` (monotonic seconds, `FileDescriptorIO.monotonicSeconds`); nil when tmux did not
    /// answer by then (it is stopped), failed, or has no client. At most 4 KB are read.
    package func features(by deadline: Double) -> [String]? {
        var chunk = [UInt8](repeating: 0, count: 1024)
        while tmux.output >= 0 {
            let left = deadline - FileDescriptorIO.monotonicSeconds()
            guard left > 0, SystemCall.poll(tmux.output, for: POLLIN, seconds: left) != nil else { return nil }
            let count = SystemCall.read(tmux.output, into: &chunk)
            guard count > 0 else { break }
            answer += chunk[0..<count]
            guard answer.count <= 4096 else { return nil }
        }
        guard tmux.wait() == 0 else { return nil }
        let text = String(decoding: answer, as: UTF8.self).trimming(" \n")
        return text.isEmpty ? nil : text.split(separator: ",").map(String.init)
    }
}
