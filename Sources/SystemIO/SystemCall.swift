import CSystemIO

#if canImport(Glibc)
import Glibc
#endif

/// The one way Sidewalk makes a system call on a descriptor: each wrapper retries while the call
/// fails with EINTR (a signal arrived; swift-system's `retryOnInterrupt`), so no caller repeats
/// that loop, and a `poll` retried keeps its deadline rather than starting its wait again.
package enum SystemCall {
    /// Calls `body` again while it returns -1 with errno EINTR; its last result otherwise (-1
    /// with errno set on failure).
    @inlinable
    package static func retrying<Result: FixedWidthInteger & SignedInteger>(_ body: () -> Result) -> Result {
        while true {
            let result = body()
            if result != -1 || errno != EINTR { return result }
        }
    }

    /// poll(2): waits until one of `descriptors` is ready or `seconds` have passed (nil waits
    /// without limit, 0 not at all). Returns the number ready, 0 when the time ran out, -1 on
    /// failure. An interrupted wait goes on for the time that was left.
    package static func poll(_ descriptors: inout [pollfd], seconds: Double?) -> Int32 {
        let deadline = seconds.map { FileDescriptorIO.monotonicSeconds() + max(0, $0) }
        while true {
            let left = deadline.map { max(0, $0 - FileDescriptorIO.monotonicSeconds()) }
            let milliseconds = left.map { Int32(min(($0 * 1000).rounded(.up), Double(Int32.max))) } ?? -1
            let ready = Glibc.poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready != -1 || errno != EINTR { return ready }
        }
    }

    /// poll(2) on one descriptor for `events` (e.g. `POLLIN`); the `revents` when it was ready in
    /// time, nil when not (or on failure).
    package static func poll(_ descriptor: Int32, for events: Int32, seconds: Double?) -> Int16? {
        var ready = [pollfd(fd: descriptor, events: Int16(events), revents: 0)]
        return poll(&ready, seconds: seconds) == 1 ? ready[0].revents : nil
    }

    /// read(2) into `buffer` (up to its count): the bytes read, 0 at the end of the file, -1 on
    /// failure (EAGAIN included: nothing to read on a non-blocking descriptor).
    package static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        let capacity = buffer.count
        return buffer.withUnsafeMutableBytes { bytes in retrying { Glibc.read(descriptor, bytes.baseAddress, capacity) } }
    }

    /// write(2) of one byte, for waking a loop; false when it was not written (a full
    /// non-blocking pipe already says the same).
    @discardableResult
    package static func write(_ descriptor: Int32, byte: UInt8) -> Bool {
        var value = byte
        return retrying { Glibc.write(descriptor, &value, 1) } == 1
    }

    /// close(2). Not retried: after EINTR on Linux the descriptor is closed already.
    package static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// pipe(2), both ends close-on-exec (a child gets one only by `dup2`); nil on failure.
    package static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard retrying({ sw_pipe_cloexec(&ends) }) == 0 else { return nil }
        return (ends[0], ends[1])
    }

    /// Sets close-on-exec and, when `nonBlocking`, O_NONBLOCK on `descriptor`.
    package static func prepare(_ descriptor: Int32, nonBlocking: Bool) {
        _ = retrying { fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        guard nonBlocking else { return }
        let flags = retrying { fcntl(descriptor, F_GETFL) }
        _ = retrying { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    /// The size of the terminal on `descriptor` as the kernel reports it (TIOCGWINSZ), in cells;
    /// nil when it is not a terminal or reports no size (0×0).
    package static func terminalSize(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard sw_tty_size(descriptor, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
        return (Int(columns), Int(rows))
    }

    /// The text of the current errno.
    package static var lastError: String { FileDescriptorIO.message(errno) }
}
