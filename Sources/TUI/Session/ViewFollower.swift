import Explorer
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// `--follow SOCKET`: the presenter's view as it arrives on the broadcast's socket, one
/// `SharedView` line at a time. Reads what is there without waiting; a line too long or not a
/// view is skipped, so nothing a socket sends can stall or crash the follower. With no
/// broadcast there yet (no socket, or one nobody listens on), or once it has ended, the follower
/// waits and connects again every `retrySeconds`: an audience may come before the presenter,
/// and stays through a restart.
package final class ViewFollower {
    /// The broadcast's socket.
    package let path: String
    /// The connection, polled by the session for readability; -1 while there is none.
    package private(set) var descriptor: Int32 = -1
    private var lines = LineReader(limit: SharedView.lineLimit)
    /// Session seconds of the last attempt to connect.
    private var lastTry = -Double.infinity

    /// The most bytes one `read` takes: the session goes back to its keys and frames between
    /// reads, so a flood of lines cannot hold up `q`.
    package static let readLimit = 64 << 10
    /// Seconds between attempts to connect while there is no broadcast (0.5: a presenter who
    /// starts is followed within half a second, and the attempts cost nothing a user notices).
    package static let retrySeconds = 0.5

    /// True while connected to the broadcast.
    package var connected: Bool { descriptor >= 0 }

    /// Follows the broadcast at `path`, connecting now if it is there. A path that is something
    /// other than a socket (a file, a folder, a FIFO) is refused: it is not a broadcast that has
    /// yet to start.
    package init(path: String) throws(LocalSocket.Failure) {
        self.path = path
        if let kind = FileKind.following(path), kind != .socket { _ = try LocalSocket.connect(to: path) }
        _ = reconnect(at: 0)
    }

    /// Connects if there is no connection and an attempt is due at `now` (session seconds); true
    /// when it has just connected.
    package func reconnect(at now: Double) -> Bool {
        guard !connected, now - lastTry >= Self.retrySeconds else { return false }
        lastTry = now
        guard let descriptor = try? LocalSocket.connect(to: path) else { return false }
        self.descriptor = descriptor
        lines = LineReader(limit: SharedView.lineLimit)
        return true
    }

    /// Seconds from `now` until the next attempt to connect; nil while connected.
    package func retryWait(at now: Double) -> Double? {
        connected ? nil : max(0, lastTry + Self.retrySeconds - now)
    }

    /// The newest view among the lines read now (at most `readLimit` bytes), or nil when no
    /// whole one came. When the presenter's side has closed the connection, it is closed here
    /// too (`connected` turns false).
    package func read() -> SharedView? {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var (newest, taken): (SharedView?, Int) = (nil, 0)
        while connected, taken < Self.readLimit {
            let count = SystemCall.read(descriptor, into: &chunk)
            // The end, or a connection reset; EAGAIN is only "nothing more for now".
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { disconnect() }
            guard count > 0 else { break }
            taken += count
            for line in lines.lines(in: chunk[0..<count]) { newest = SharedView(line: line) ?? newest }
        }
        return newest
    }

    private func disconnect() {
        SystemCall.close(descriptor)
        descriptor = -1
    }

    deinit {
        if connected { SystemCall.close(descriptor) }
    }
}
