import CTerminalSignals

#if canImport(Glibc)
import Glibc
#endif

/// Signals the frame loop handles, delivered through a pipe it can poll beside the keyboard.
struct SignalPipe: ~Copyable {
    /// The read end to poll; readable when a signal is pending.
    let descriptor: Int32

    init() throws(TerminalError) {
        let fd = sw_signals_install()
        guard fd >= 0 else { throw .pollFailed(String(cString: strerror(errno))) }
        descriptor = fd
    }

    /// Signal numbers caught since the last call, oldest first.
    func drain() -> [Int32] {
        var signals: [Int32] = []
        while case let next = sw_signals_next(), next != 0 { signals.append(next) }
        return signals
    }

    deinit {
        sw_signals_uninstall()
    }
}
