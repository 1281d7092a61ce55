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
    private let pid: pid_t
    private var output: Int32
    private var answer: [UInt8] = []

    /// Starts asking, when `environment` has `TMUX`; nil otherwise, or when tmux cannot be started.
    package static func start(environment: [String: String]) -> TmuxFeatureQuery? {
        guard environment["TMUX"] != nil else { return nil }
        guard let ends = SystemCall.makePipe() else { return nil }
        let pid = spawn(["tmux", "display-message", "-p", "#{client_termfeatures}"], output: ends.write, environment: environment)
        SystemCall.close(ends.write)
        guard let pid else {
            SystemCall.close(ends.read)
            return nil
        }
        return TmuxFeatureQuery(pid: pid, output: ends.read)
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

    private init(pid: pid_t, output: Int32) {
        self.pid = pid
        self.output = output
    }

    deinit { stop() }

    /// The features tmux listed for its client (`RGB`, `clipboard`, …), reading until
    /// `deadline` (monotonic seconds, `FileDescriptorIO.monotonicSeconds`); nil when tmux did not
    /// answer by then (it is stopped), failed, or has no client. At most 4 KB are read.
    package func features(by deadline: Double) -> [String]? {
        var chunk = [UInt8](repeating: 0, count: 1024)
        while output >= 0 {
            let left = deadline - FileDescriptorIO.monotonicSeconds()
            guard left > 0, SystemCall.poll(output, for: POLLIN, seconds: left) != nil else {
                stop()
                return nil
            }
            let count = SystemCall.read(output, into: &chunk)
            guard count > 0 else { break }
            answer += chunk[0..<count]
            guard answer.count <= 4096 else {
                stop()
                return nil
            }
        }
        let succeeded = reap()
        guard succeeded else { return nil }
        let text = String(decoding: answer, as: UTF8.self).trimmingSpaces
        return text.isEmpty ? nil : text.split(separator: ",").map(String.init)
    }

    /// Closes the pipe, and stops and reaps tmux if it is still running.
    private func stop() {
        guard output >= 0 else { return }
        kill(pid, SIGKILL)
        _ = reap()
    }

    /// Closes the pipe and waits for tmux; true when it exited with status 0.
    private func reap() -> Bool {
        if output >= 0 {
            SystemCall.close(output)
            output = -1
        }
        var status: Int32 = 0
        _ = SystemCall.retrying { waitpid(pid, &status, 0) }
        return status == 0
    }

    /// Starts `arguments` (found on `PATH`) with standard output on `output` and standard input
    /// and error on /dev/null; its pid, or nil.
    private static func spawn(_ arguments: [String], output: Int32, environment: [String: String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        return result == 0 ? pid : nil
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }
}
