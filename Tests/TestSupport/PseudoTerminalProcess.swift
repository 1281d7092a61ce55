import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program running in a pseudo-terminal of its own, whose output the test may leave unread:
/// the terminal that stops reading (a stalled link, Ctrl-S) that tmux can never be.
public final class PseudoTerminalProcess {
    /// The terminal's master side: what the program writes arrives here, keys are written here.
    public let master: Int32
    public let pid: pid_t
    private var exitStatus: Int32?

    /// Starts `arguments` (the first is the program's path) as a session leader whose
    /// controlling terminal is a new pseudo-terminal of `columns`×`rows` cells.
    public init(_ arguments: [String], environment: [String: String], columns: Int, rows: Int) throws {
        // posix_openpt and friends do not reach Swift's Glibc module; their ioctls do the same.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw SpawnError(code: errno) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, Self.unlockRequest, &unlock) == 0, ioctl(master, Self.numberRequest, &number) == 0 else {
            close(master)
            throw SpawnError(code: errno)
        }
        let name = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (glibc runs POSIX_SPAWN_SETSID first): it becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        Subprocess.setCleanSignals(&attributes, extraFlags: Self.spawnSetSID)
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envStrings = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envStrings.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envStrings)
        guard spawned == 0 else {
            close(master)
            throw SpawnError(code: spawned)
        }
        self.master = master
        self.pid = pid
    }

    /// Linux's TIOCSPTLCK and TIOCGPTN (asm-generic ioctl numbers, the same on x86-64 and arm64),
    /// and glibc's POSIX_SPAWN_SETSID, which Swift's Glibc module does not export.
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430
    private static let spawnSetSID: Int32 = 0x80

    /// Types `bytes` at the terminal.
    public func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything the program wrote so far, as `read(until:seconds:)` collected it.
    public private(set) var output: [UInt8] = []

    /// Reads what the program writes, as a terminal would, until `condition` holds for all of it
    /// so far or `seconds` have passed; returns whether it held.
    public func read(until condition: ([UInt8]) -> Bool, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !condition(output) {
            let left = deadline.timeIntervalSinceNow
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&ready, 1, Int32(left * 1000) + 1) == 1 else { return condition(output) }
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { return condition(output) }
            output += buffer[0..<count]
        }
        return true
    }

    /// The terminal's modes as they are now.
    public func modes() -> termios {
        var modes = termios()
        _ = tcgetattr(master, &modes)
        return modes
    }

    /// Waits until `condition` holds, checking every 20 ms, for at most `seconds`.
    public func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        Wait.until(seconds: seconds, condition)
    }

    /// The exit status (128 + N when killed by signal N) once the program has ended, waiting up
    /// to `seconds`; nil while it still runs.
    public func exit(within seconds: Double) -> Int32? {
        _ = waitUntil(seconds: seconds) { reap() }
        return exitStatus
    }

    private func reap() -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return true
    }

    deinit {
        if !reap() {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        close(master)
    }
}
