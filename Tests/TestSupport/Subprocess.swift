import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion with posix_spawn and waitpid, capturing what it prints.
/// Foundation's Process is not used: its exit monitoring missed children here when called from
/// test tasks, leaving a finished tmux client as an unreaped zombie and the test waiting forever.
package enum Subprocess {
    private static let spawnLock = NSLock()

    package struct Result: Sendable {
        /// Exit status, or 128 + N when killed by signal N.
        package let status: Int32
        package let standardOutput: [UInt8]
        package let standardError: [UInt8]
        /// The standard output as text (invalid UTF-8 replaced).
        package var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
        /// The error output as text (invalid UTF-8 replaced).
        package var errorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs `arguments[0]` (looked up in PATH) with the rest as its arguments. Standard input is
    /// /dev/null. With `capture` false, outputs go to /dev/null, for programs that leave a
    /// daemon behind which would otherwise hold the pipes open.
    package static func run(_ arguments: [String], environment: [String: String]? = nil, capture: Bool = true) throws -> Result {
        let (pid, outPipe, errPipe) = try spawn(arguments, environment: environment, capture: capture)
        var output: [UInt8] = []
        var errors: [UInt8] = []
        if capture {
            readBoth(outPipe[0], into: &output, errPipe[0], into: &errors)
            close(outPipe[0])
            close(errPipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus, standardOutput: output, standardError: errors)
    }

    /// Starts `arguments[0]` (looked up in PATH) in the background, its input and outputs
    /// /dev/null; returns its pid, for `stop`.
    package static func start(_ arguments: [String], environment: [String: String]? = nil) throws -> pid_t {
        try spawn(arguments, environment: environment, capture: false).pid
    }

    /// Starts a loopback server of the tests' own (`arguments`, which tell it `portFile`) and waits
    /// up to 10 s for the port it writes to `portFile` once it listens; returns its pid and
    /// `http://127.0.0.1:PORT` (port 0, which nothing answers, if it never wrote one).
    package static func startServer(_ arguments: [String], portFile: String) throws -> (pid: pid_t, address: String) {
        let pid = try start(arguments)
        var port: String?
        for _ in 0..<500 where port == nil {
            port = try? String(contentsOfFile: portFile, encoding: .utf8)
            if port == nil { _ = poll(nil, 0, 20) }
        }
        return (pid, "http://127.0.0.1:\(port ?? "0")")
    }

    /// Ends a program `start` started: SIGTERM, then SIGKILL if it has not ended within a second.
    package static func stop(_ pid: pid_t) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<50 where waitpid(pid, &status, WNOHANG) == 0 { _ = poll(nil, 0, 20) }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
        }
    }

    /// Spawns a child with clean signals; with `capture`, its outputs go to the returned pipes'
    /// read ends.
    private static func spawn(_ arguments: [String], environment: [String: String]?, capture: Bool) throws
        -> (pid: pid_t, outPipe: [Int32], errPipe: [Int32])
    {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        // Tests spawn in parallel. Between pipe() and FD_CLOEXEC another spawn could hand the
        // pipe to its child (worst of all to a tmux server, which lives on), and this test would
        // never see the end of its output; so pipes are made and children spawned one at a time.
        spawnLock.lock()
        var locked = true
        defer { if locked { spawnLock.unlock() } }
        if capture {
            guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw SpawnError(code: errno) }
            for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        setCleanSignals(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envStrings = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envStrings.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envStrings)
        if capture {
            close(outPipe[1])
            close(errPipe[1])
        }
        spawnLock.unlock()
        locked = false
        guard spawned == 0 else {
            if capture {
                close(outPipe[0])
                close(errPipe[0])
            }
            throw SpawnError(code: spawned)
        }
        return (pid, outPipe, errPipe)
    }

    /// Initialises spawn attributes so the child starts with no signal blocked and default
    /// dispositions (a test thread's mask would otherwise be inherited, and a tmux server with
    /// SIGTERM blocked cannot exit). Destroy them after the spawn.
    private static func setCleanSignals(_ attributes: inout posix_spawnattr_t) {
        posix_spawnattr_init(&attributes)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    private static func readBoth(_ a: Int32, into first: inout [UInt8], _ b: Int32, into second: inout [UInt8]) {
        var fds = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
        var open = 2
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            for i in 0..<2 where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(fds[i].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    if i == 0 { first += buffer[0..<n] } else { second += buffer[0..<n] }
                } else if n == 0 || errno != EINTR {
                    fds[i].fd = -1
                    open -= 1
                }
            }
        }
    }
}

/// A failure to start a program; `code` is the errno value.
package struct SpawnError: Error, CustomStringConvertible {
    package let code: Int32
    package var description: String { "could not start program: \(String(cString: strerror(code)))" }
}
