#if canImport(Glibc)
import Glibc
#endif

/// Another program run by Sidewalk (ffmpeg, tmux, python3's web server, this executable for a
/// measurement), started by posix_spawn, so nothing forks a threaded process. Its standard
/// streams are each inherited, /dev/null, or a pipe whose other end this holds (close-on-exec,
/// so no other child keeps it open and an end of file always arrives).
package final class ChildProcess {
    /// Where one of the child's standard streams goes.
    package enum Stream: Equatable, Sendable {
        case inherit, null, pipe
    }

    /// The child's process id.
    package let pid: pid_t
    /// The write end of the child's standard input when it was `.pipe`; -1 once closed.
    package private(set) var input: Int32
    /// The read end of the child's standard output when it was `.pipe`; -1 once closed.
    package private(set) var output: Int32
    /// The read end of the child's standard error when it was `.pipe`; -1 once closed.
    package private(set) var errors: Int32
    private var status: Int32?

    /// Starts `arguments[0]` (a path, or a name looked up in `PATH` when it has no slash) with
    /// `arguments`, in `environment` (this process's when nil). Nil, with the reason, when it
    /// could not be started: no such program, or no pipe.
    package init(
        _ arguments: [String], environment: [String: String]? = nil, input: Stream = .null, output: Stream = .inherit,
        errors: Stream = .inherit
    ) throws(ChildProcessError) {
        guard let program = arguments.first else { throw ChildProcessError(program: "", reason: "no program named") }
        // The child's ends of the pipes, closed here once it has them (or has failed to start).
        var childEnds: [Int32] = []
        defer { childEnds.forEach(SystemCall.close) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = [-1, -1, -1]
        for (descriptor, stream) in [input, output, errors].enumerated() {
            switch stream {
            case .inherit: break
            case .null:
                posix_spawn_file_actions_addopen(&actions, Int32(descriptor), "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .pipe:
                guard let ends = SystemCall.makePipe() else {
                    parentEnds.filter { $0 >= 0 }.forEach(SystemCall.close)
                    throw ChildProcessError(program: program, reason: "no pipe could be made")
                }
                let (childEnd, ownEnd) = descriptor == 0 ? (ends.read, ends.write) : (ends.write, ends.read)
                posix_spawn_file_actions_adddup2(&actions, childEnd, Int32(descriptor))
                parentEnds[descriptor] = ownEnd
                childEnds.append(childEnd)
            }
        }
        let environment = environment ?? Self.currentEnvironment()
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // Every signal at its default and none blocked in the child, whatever this process ignores
        // (SIGPIPE while it writes to ffmpeg) or blocks.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else {
            parentEnds.filter { $0 >= 0 }.forEach(SystemCall.close)
            throw ChildProcessError(program: program, reason: FileDescriptorIO.message(result))
        }
        self.pid = pid
        (self.input, self.output, self.errors) = (parentEnds[0], parentEnds[1], parentEnds[2])
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        [input, output, errors].filter { $0 >= 0 }.forEach(SystemCall.close)
    }

    /// The read end of the child's standard error, given to the caller, who closes it (a thread
    /// that reads it owns it, so it is never closed under that thread); -1 when it is no pipe.
    package func takeErrors() -> Int32 {
        defer { errors = -1 }
        return errors
    }

    /// Closes the child's standard input (it then reads an end of file).
    package func closeInput() {
        guard input >= 0 else { return }
        SystemCall.close(input)
        input = -1
    }

    /// Everything the child writes to its standard output, up to `limit` bytes (the rest is read
    /// and dropped), until it closes it; the pipe is then closed.
    package func readOutput(limit: Int = 1 << 26) -> [UInt8] {
        defer {
            if output >= 0 { SystemCall.close(output) }
            output = -1
        }
        return Self.readAll(output, limit: limit)
    }

    /// Waits for the child to end: its exit status (0...255), or 128 + the signal that ended it.
    @discardableResult
    package func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        guard SystemCall.retrying({ waitpid(pid, &raw, 0) }) == pid else { return 255 }
        let signal = raw & 0x7f
        let ended = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        status = ended
        return ended
    }

    /// Sends the child SIGTERM (it may still be waited for).
    package func terminate() {
        if status == nil { kill(pid, SIGTERM) }
    }

    /// Everything read from `descriptor` until its end of file (or an error), keeping at most
    /// `limit` bytes.
    package static func readAll(_ descriptor: Int32, limit: Int) -> [UInt8] {
        guard descriptor >= 0 else { return [] }
        var kept: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = SystemCall.read(descriptor, into: &chunk), count > 0 {
            if kept.count < limit { kept += chunk[0..<min(count, limit - kept.count)] }
        }
        return kept
    }

    /// The first executable file called `name` in `PATH` (the directories of `/usr/bin:/bin` when
    /// it is not set); nil when there is none.
    package static func findOnPath(_ name: String, path: String? = nil) -> String? {
        let folders = (path ?? currentEnvironment()["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 && FileKind.following($0) == .regular }
    }

    /// This process's environment, from `environ`.
    package static func currentEnvironment() -> [String: String] {
        var found: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") { found[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            entry += 1
        }
        return found
    }
}

/// A program that could not be started, in one line.
package struct ChildProcessError: Error, CustomStringConvertible, Sendable {
    package let program: String
    package let reason: String
    package var description: String { "could not start \(program): \(reason)" }
}
