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
    /// Carries each frame's result: 1 written, 0 failed.
    private let done: SelfPipe
    /// Readable (for poll) when a frame has been written.
    var descriptor: Int32 { done.descriptor }
    /// True from `write` until `acknowledge` sees the frame done. Main thread only.
    private(set) var isBusy = false

    init() throws(TerminalError) {
        do { done = try SelfPipe() } catch { throw .pollFailed(error.description) }
    }

    /// Starts writing a frame; the writer must not be busy.
    func write(_ bytes: [UInt8]) {
        precondition(!isBusy, "one frame at a time")
        isBusy = true
        queue.async { [done] in
            done.signal(FileDescriptorIO.writeAll(STDOUT_FILENO, bytes) == .complete ? 1 : 0)
        }
    }

    /// After `descriptor` polled readable: marks the writer idle. Returns false when the frame
    /// could not be written (the terminal is gone).
    func acknowledge() -> Bool {
        let results = done.drain()
        if !results.isEmpty { isBusy = false }
        return !results.contains(0)
    }

    /// Waits until `deadline` (`CLOCK_MONOTONIC` seconds) for the frame being written, if any,
    /// before the terminal is handed back. False when the frame is still being written then: the
    /// terminal has stopped reading.
    func finish(by deadline: Double) -> Bool {
        while isBusy {
            let left = deadline - FileDescriptorIO.monotonicSeconds()
            guard left > 0 else { return false }
            _ = SystemCall.poll(done.descriptor, for: POLLIN, seconds: left)
            _ = acknowledge()
        }
        return true
    }
}
