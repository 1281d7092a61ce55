import Dispatch
import Explorer
import Locking
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// `--broadcast SOCKET`: publishes the presenter's view (`SharedView`) to every follower
/// connected to a Unix socket. The presenter's loop only hands over the latest line and wakes a
/// thread of its own, which never blocks on a follower: one whose socket is full skips lines
/// and gets the newest when it reads again (a view is a state, not a stream of changes), one
/// that joins late gets the current view at once, one that leaves is dropped.
package final class ViewBroadcast: @unchecked Sendable {
    /// Followers beyond this many are refused (closed at once), so a flood of connections
    /// cannot take the presenter's descriptors.
    package static let followerLimit = 256

    private let path: String
    private let listening: Int32
    private let wake: SelfPipe
    /// The newest line and a count that grows with each; `stopped` once `close` was called.
    private let latest = Locked((line: [UInt8](), serial: 0, stopped: false))
    private let finished = DispatchSemaphore(value: 0)

    /// Listens on `path` (`LocalSocket.listen`'s rules) and starts serving.
    package init(path: String) throws(LocalSocket.Failure) {
        self.path = path
        listening = try LocalSocket.listen(at: path)
        do { wake = try SelfPipe() } catch {
            SystemCall.close(listening)
            throw LocalSocket.Failure(description: error.description)
        }
        SystemCall.prepare(listening, nonBlocking: true)
        // A thread of its own, not one of Dispatch's few: it waits in poll for as long as the
        // broadcast lasts (docs/decisions.md, 2026-12-05).
        BlockingThread.start(name: "sidewalk-broadcast") { [self] in serve() }
    }

    /// Publishes `view` when it differs from the last; the presenter's thread, never waits.
    package func publish(_ view: SharedView) {
        let line = Array(view.line.utf8)
        let changed = latest.withLock { state in
            guard state.line != line else { return false }
            state = (line, state.serial + 1, state.stopped)
            return true
        }
        if changed { wake.signal() }
    }

    /// Stops serving, closes every follower's connection and removes the socket.
    package func close() {
        latest.withLock { $0.stopped = true }
        wake.signal()
        finished.wait()
        SystemCall.close(listening)
        _ = unlink(path)
    }

    /// One follower: its connection, the bytes of a line not yet sent, and which line it has.
    private struct Follower {
        var descriptor: Int32
        var pending: ArraySlice<UInt8> = []
        var serial = 0
    }

    private func serve() {
        var followers: [Follower] = []
        defer {
            for follower in followers { SystemCall.close(follower.descriptor) }
            finished.signal()
        }
        while true {
            var fds = [
                pollfd(fd: listening, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0)
            ]
            fds += followers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN | ($0.pending.isEmpty ? 0 : POLLOUT)), revents: 0) }
            guard SystemCall.poll(&fds, seconds: nil) >= 0 else { return }
            _ = wake.drain()
            let now = latest.withLock { $0 }
            if now.stopped { return }
            // A follower that hung up (or sent anything: followers only read) is dropped.
            for (index, fd) in fds.dropFirst(2).enumerated().reversed() where fd.revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0
            {
                SystemCall.close(followers[index].descriptor)
                followers.remove(at: index)
            }
            while let joined = LocalSocket.accept(listening) {
                guard followers.count < Self.followerLimit else {
                    SystemCall.close(joined)
                    continue
                }
                followers.append(Follower(descriptor: joined))
            }
            followers = followers.compactMap { send(now.line, serial: now.serial, to: $0) }
        }
    }

    /// Sends `follower` what it is owed: the rest of a line begun, then `line` if it is newer
    /// than the one it has. Nil when it has gone.
    private func send(_ line: [UInt8], serial: Int, to follower: Follower) -> Follower? {
        var follower = follower
        while true {
            if follower.pending.isEmpty, follower.serial != serial, !line.isEmpty {
                (follower.pending, follower.serial) = (line[...], serial)
            }
            guard !follower.pending.isEmpty else { return follower }
            guard let sent = LocalSocket.send(follower.descriptor, follower.pending) else {
                SystemCall.close(follower.descriptor)
                return nil
            }
            follower.pending = follower.pending.dropFirst(sent)
            // A full socket: the rest goes when it can take more (POLLOUT).
            if sent == 0 || !follower.pending.isEmpty { return follower }
        }
    }
}

/// `--broadcast`: the view of each frame drawn, for the followers.
extension ViewBroadcast: SessionOutput {
    package func drew(_ state: ExplorerState, at time: Double) {
        publish(SharedView(state))
    }
}
