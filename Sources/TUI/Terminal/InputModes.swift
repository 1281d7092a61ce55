import CTerminalSignals

#if canImport(Glibc)
import Glibc
#endif

/// The terminal modes for reading keys without ncurses (described mode, the terminal report).
enum InputModes {
    /// Runs `body` with the terminal on `descriptor` reading keys one at a time (`apply`), and
    /// gives it its modes back when `body` ends (the crash guard does after a crash). `body` gets
    /// the modes as they were. Nil when `descriptor` is not a terminal.
    static func reading<Result, Failure: Error>(on descriptor: Int32, _ body: (termios) throws(Failure) -> Result) throws(Failure)
        -> Result?
    {
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return nil }
        _ = sw_crash_guard_save_modes(descriptor)
        sw_crash_guard_arm("", 0)
        defer {
            var restore = saved
            _ = tcsetattr(descriptor, TCSAFLUSH, &restore)
            sw_crash_guard_remove()
        }
        apply(to: saved, on: descriptor)
        return try body(saved)
    }

    /// Keys one at a time, not echoed; Ctrl-C and Ctrl-Z still signal; output as it was.
    static func apply(to saved: termios, on descriptor: Int32 = STDIN_FILENO) {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(descriptor, TCSAFLUSH, &raw)
    }
}
