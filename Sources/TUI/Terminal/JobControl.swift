import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Whether Ctrl-Z can stop this process. The kernel discards SIGTSTP sent to an orphaned process
/// group, one with no member whose parent is in the same session but another group: so under
/// sshd's ForceCommand, `tmux new-session CMD` or `sh -c CMD` there is no shell to come back to,
/// and a stop never happens. ncurses would still leave the screen and come back to a blank one,
/// so the explorer then ignores SIGTSTP instead (issue 36).
enum JobControl {
    /// True when a stop signal would stop this process: an ancestor in this process group has its
    /// parent in the same session but in another group (a shell with job control). Read from
    /// `/proc`; true (the safe guess) where it cannot be read.
    static var suspendStops: Bool {
        let group = getpgrp()
        let session = getsid(0)
        var pid = getpid()
        // Up the ancestors while they are in this group; the first outside it decides.
        for _ in 0..<64 {
            guard let parent = parentID(of: pid), parent > 0 else { return false }
            let parentGroup = getpgid(parent)
            guard parentGroup >= 0 else { return true }
            if parentGroup != group { return getsid(parent) == session }
            pid = parent
        }
        return true
    }

    /// The parent of `pid` from `/proc/PID/stat` (its fourth field, after the command name,
    /// which may hold spaces and parentheses); nil when it cannot be read.
    private static func parentID(of pid: pid_t) -> pid_t? {
        if pid == getpid() { return getppid() }
        guard let bytes = try? InputFile.read("/proc/\(pid)/stat", limit: 4096),
            let close = bytes.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        return fields.count > 1 ? pid_t(String(decoding: fields[1], as: UTF8.self)) : nil
    }
}
