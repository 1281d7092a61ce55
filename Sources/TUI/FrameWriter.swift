import Dispatch
import SystemIO
#if canImport(Glibc)
import Glibc
#endif

/// Writes frames to the tty on a thread of its own with ordinary blocking writes, so the frame
/// loop keeps reading keys while a slow link drains a frame, and the tty's flags are never
/// changed. It holds one frame at a time: the loop composes the next only when this one is
/// written, so frames are skipped, never queued.
final class FrameWriter {
    private let queue = DispatchQueue(label: "sidewalk.frame-writer")
    private let pipe: (read: Int32, write: Int32)
    /// Readable (for poll) when a frame has been written.
    var descriptor: Int32 { pipe.read }
    /// True from `write` until `acknowledge` sees the frame done. Main thread only.
    private(set) var isBusy = false

    init() throws(TerminalError) {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { throw .pollFailed(String(cString: strerror(errno))) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        pipe = (fds[0], fds[1])
    }

    /// Starts writing a frame; the writer must not be busy.
    func write(_ bytes: [UInt8]) {
        precondition(!isBusy, "one frame at a time")
        isBusy = true
        let done = pipe.write
        queue.async {
            var result: UInt8 = FileDescriptorIO.writeAll(STDOUT_FILENO, bytes) == .complete ? 1 : 0
            _ = Glibc.write(done, &result, 1)
        }
    }

    /// After `descriptor` polled readable: marks the writer idle. Returns false when the frame
    /// could not be written (the terminal is gone).
    func acknowledge() -> Bool {
        var result: UInt8 = 1
        var ok = true
        while Glibc.read(pipe.read, &result, 1) == 1 {
            isBusy = false
            if result == 0 { ok = false }
        }
        return ok
    }

    /// Waits until `deadline` (`CLOCK_MONOTONIC` seconds) for the frame being written, if any,
    /// before the terminal is handed back. False when the frame is still being written then: the
    /// terminal has stopped reading.
    func finish(by deadline: Double) -> Bool {
        while isBusy {
            let left = deadline - FileDescriptorIO.monotonicSeconds()
            guard left > 0 else { return false }
            var ready = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, Int32((left * 1000).rounded(.up)))
            _ = acknowledge()
        }
        return true
    }

    deinit {
        close(pipe.read)
        close(pipe.write)
    }
}
