import CPseudoTerminal
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// A program running on a pseudo-terminal of our own (`CPseudoTerminal`), optionally with a pipe
/// it writes its state log to as descriptor 3: what `sidewalk test`'s terminal front types into
/// and reads, and the tests' terminal that may leave the program's output unread.
package final class PseudoTerminal {
    package let pid: pid_t
    private let controller: Int32
    /// The read end of the program's descriptor 3, or -1 without a state log.
    private let stateLog: Int32
    private var exitStatus: Int32?

    /// Why the program could not be started.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `executable` with `arguments` and `environment` on a terminal of `columns`×`rows`,
    /// with a pipe as its descriptor 3 when `stateLog`.
    package init(
        executable: String, arguments: [String], environment: [String: String], columns: Int, rows: Int, stateLog withLog: Bool = true
    ) throws(Failure) {
        let log: (read: Int32, write: Int32)
        if withLog {
            guard let pipe = SystemCall.makePipe() else { throw Failure(description: "cannot make a pipe: \(SystemCall.lastError)") }
            log = pipe
        } else {
            log = (-1, -1)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var controller: Int32 = -1
        var pid: pid_t = 0
        let error = sw_pty_spawn(executable, argv, envp, UInt16(clamping: rows), UInt16(clamping: columns), log.write, &controller, &pid)
        if withLog { SystemCall.close(log.write) }
        guard error == 0 else {
            if withLog { SystemCall.close(log.read) }
            throw Failure(description: "cannot start \(executable) on a pseudo-terminal: \(String(cString: strerror(error)))")
        }
        if withLog { SystemCall.prepare(log.read, nonBlocking: true) }
        (self.controller, self.pid, stateLog) = (controller, pid, log.read)
    }

    /// Types `bytes`, as a terminal sends what its keyboard makes; false when the program is gone.
    @discardableResult
    package func type(_ bytes: [UInt8]) -> Bool {
        FileDescriptorIO.writeAll(controller, bytes) == .complete
    }

    /// Waits up to `seconds` for the program to write, then reads what it wrote to the terminal
    /// and to its state log; `ended` once both are closed.
    package func read(waiting seconds: Double) -> (screen: [UInt8], state: [UInt8], ended: Bool) {
        var fds = [pollfd(fd: controller, events: Int16(POLLIN), revents: 0)]
        if stateLog >= 0 { fds.append(pollfd(fd: stateLog, events: Int16(POLLIN), revents: 0)) }
        _ = SystemCall.poll(&fds, seconds: max(0, seconds))
        let (screen, screenOpen) = drain(controller)
        let (state, stateOpen) = stateLog >= 0 ? drain(stateLog) : ([], false)
        return (screen, state, !screenOpen && !stateOpen)
    }

    /// The terminal's modes as the program set them (echo, canonical input, flow control...).
    package func modes() -> termios {
        var modes = termios()
        _ = tcgetattr(controller, &modes)
        return modes
    }

    private func drain(_ descriptor: Int32) -> ([UInt8], Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = SystemCall.read(descriptor, into: &buffer)
            if count > 0 {
                bytes += buffer.prefix(count)
                continue
            }
            // EIO: the terminal's other side is closed, the program has gone.
            return (bytes, count < 0 && errno == EAGAIN)
        }
    }

    /// Sets the terminal's size (the program gets SIGWINCH).
    package func resize(columns: Int, rows: Int) {
        _ = sw_pty_resize(controller, UInt16(clamping: rows), UInt16(clamping: columns))
    }

    /// The program's exit status (128+N for signal N) once it has ended, waiting up to `seconds`;
    /// nil while it runs. While it waits it reads and drops what the program writes, so a program
    /// blocked on its output can end, unless `draining` is false (a terminal that stopped reading).
    package func waitForExit(seconds: Double, draining: Bool = true) -> Int32? {
        let deadline = FileDescriptorIO.monotonicSeconds() + seconds
        while exitStatus == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let signal = status & 0x7F
                exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
                break
            }
            guard FileDescriptorIO.monotonicSeconds() < deadline else { break }
            if draining {
                _ = read(waiting: 0.01)
            } else {
                var none: [pollfd] = []
                _ = SystemCall.poll(&none, seconds: 0.01)
            }
        }
        return exitStatus
    }

    /// Ends the program if it still runs: SIGTERM (it restores its terminal), then SIGKILL.
    package func end() {
        guard waitForExit(seconds: 0) == nil else { return }
        kill(pid, SIGTERM)
        if waitForExit(seconds: 2) == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(seconds: 2)
        }
    }

    deinit {
        end()
        SystemCall.close(controller)
        if stateLog >= 0 { SystemCall.close(stateLog) }
    }
}
