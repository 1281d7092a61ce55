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
    private var lines = LineReader(limit: SharedView.lineLimit)
    /// True once the presenter's side has closed the connection.
    package private(set) var ended = false

    /// The most bytes one `read` takes: the session goes back to its keys and frames between
    /// reads, so a flood of lines cannot hold up `q`.
    package static let readLimit = 64 << 10

    /// Connects to the broadcast at `path`.
    package init(path: String) throws(LocalSocket.Failure) {
        descriptor = try LocalSocket.connect(to: path)
    }

    /// The newest view among the lines read now (at most `readLimit` bytes), or nil when no
    /// whole one came.
    package func read() -> SharedView? {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var (newest, taken): (SharedView?, Int) = (nil, 0)
        while !ended, taken < Self.readLimit {
            let count = SystemCall.read(descriptor, into: &chunk)
            // The end, or a connection reset; EAGAIN is only "nothing more for now".
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { ended = true }
            guard count > 0 else { break }
            taken += count
            for line in lines.lines(in: chunk[0..<count]) { newest = SharedView(line: line) ?? newest }
        }
        return newest
    }

    deinit {
        SystemCall.close(descriptor)
    }
}
