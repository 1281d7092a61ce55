#if canImport(Glibc)
import Glibc
#endif

/// The one place bytes are written to a file descriptor: every writer goes through `writeAll`.
package enum FileDescriptorIO {
    /// Writes all of `bytes` to `fd`, resuming after EINTR and short writes and, on a
    /// non-blocking descriptor, waiting in `poll` on EAGAIN (never spinning). Returns the errno
    /// of a failed write otherwise.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> WriteOutcome {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = SystemCall.retrying { write(fd, buffer.baseAddress! + done, buffer.count - done) }
                if n > 0 {
                    done += n
                    continue
                }
                let code = errno
                guard n < 0 && (code == EAGAIN || code == EWOULDBLOCK) else { return .failed(errno: n == 0 ? EIO : code) }
                var ready = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
                let polled = SystemCall.poll(&ready, seconds: nil)
                if polled < 0 { return .failed(errno: errno) }
                if polled > 0 && ready[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .failed(errno: EPIPE) }
            }
            return .complete
        }
    }

    /// Seconds on `CLOCK_MONOTONIC`, for deadlines (the last frame's drain, the terminal's restore).
    package static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The text of an errno.
    package static func message(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// How `FileDescriptorIO.writeAll` ended.
package enum WriteOutcome: Equatable, Sendable {
    case complete
    case failed(errno: Int32)
}
