import Explorer
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// `--follow SOCKET`: the presenter's view as it arrives on the broadcast's socket, one
/// `SharedView` line at a time. Reads what is there without waiting; a line too long or not a
/// view is skipped, so nothing a socket sends can stall or crash the follower.
package final class ViewFollower {
    /// The connection, polled by the session for readability.
    package let descriptor: Int32
    private var buffer: [UInt8] = []
    /// True once the presenter's side has closed the connection.
    package private(set) var ended = false

    /// Connects to the broadcast at `path`.
    package init(path: String) throws(LocalSocket.Failure) {
        descriptor = try LocalSocket.connect(to: path)
    }

    /// The newest view among the lines read now, or nil when no whole one came.
    package func read() -> SharedView? {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var newest: SharedView?
        while !ended {
            let count = SystemCall.read(descriptor, into: &chunk)
            // The end, or a connection reset; EAGAIN is only "nothing more for now".
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { ended = true }
            guard count > 0 else { break }
            buffer += chunk[0..<count]
            while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                newest = SharedView(line: buffer[..<end]) ?? newest
                buffer.removeSubrange(...end)
            }
            // A line longer than any view is dropped up to its end.
            if buffer.count > SharedView.lineLimit { buffer.removeAll() }
        }
        return newest
    }

    deinit {
        SystemCall.close(descriptor)
    }
}
