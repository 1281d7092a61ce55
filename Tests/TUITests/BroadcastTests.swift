import Explorer
import Foundation
import SystemIO
import TUI
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `--broadcast` and `--follow` in-process: the presenter's socket, its followers, and what a
/// socket at the path may already be.
@Suite("Broadcasting a view")
struct BroadcastTests {
    private static func path() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sw-\(getpid())-\(UUID().uuidString.prefix(8)).sock").path
    }

    /// A socket file as a presenter that died leaves it: bound, and nothing listening. Made by
    /// binding without listening: a listener closed here could still be held, and a connection
    /// accepted into its queue, by a child another test forks at that moment (it happened under
    /// AddressSanitizer, where a fork takes long).
    private static func staleSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        try #require(descriptor >= 0)
        defer { SystemCall.close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
    }

    private static func view(_ id: String, heading: Double) -> SharedView {
        var view = SharedView(line: Array(#"{"panorama":"x","heading":0,"pitch":0,"zoom":1}"#.utf8)[...])!
        (view.panoramaID, view.heading) = (id, heading)
        return view
    }

    /// Reads `follower` until a view comes or 10 s pass (waiting in poll, not sleeping).
    private static func next(_ follower: ViewFollower) -> SharedView? {
        for _ in 0..<100 {
            if let view = follower.read() { return view }
            _ = SystemCall.poll(follower.descriptor, for: POLLIN, seconds: 0.1)
        }
        return nil
    }

    @Test(
        "a view is one JSON line; a line that is not one is refused",
        arguments: [
            #"{"heading":90}"#, #"{"panorama":3,"heading":0,"pitch":0,"zoom":1}"#, #"{"heading":0,"pitch":95,"zoom":1}"#,
            #"{"heading":0,"pitch":0,"zoom":0.2}"#, "not json",
            "{\"panorama\":\"" + String(repeating: "a", count: 2000) + "\",\"heading\":0,\"pitch\":0,\"zoom\":1}"
        ])
    func lines(bad: String) {
        let view = Self.view("main-3", heading: 90)
        #expect(view.line == #"{"panorama":"main-3","heading":90,"pitch":0,"zoom":1}"# + "\n")
        #expect(SharedView(line: Array(view.line.utf8.dropLast())[...]) == view)
        #expect(SharedView(line: Array(bad.utf8)[...]) == nil)
    }

    @Test("followers get the newest view, a late one at once; one that never reads holds nobody up; the end is seen")
    func followers() throws {
        let path = Self.path()
        let broadcast = try ViewBroadcast(path: path)
        let first = try ViewFollower(path: path)
        let idle = try ViewFollower(path: path)  // never read until the end
        broadcast.publish(Self.view("main-3", heading: 90))
        #expect(Self.next(first) == Self.view("main-3", heading: 90))
        // Far more than the idle follower's socket holds: the presenter's side never waits.
        for step in 0..<100_000 { broadcast.publish(Self.view("main-4", heading: Double(step % 360))) }
        broadcast.publish(Self.view("main-5", heading: 45))
        var seen: SharedView?
        while seen != Self.view("main-5", heading: 45), let view = Self.next(first) { seen = view }
        #expect(seen == Self.view("main-5", heading: 45), "the reading follower reached the newest view")
        let late = try ViewFollower(path: path)
        #expect(Self.next(late) == Self.view("main-5", heading: 45), "a follower joining mid-session gets the view at once")
        broadcast.close()
        while first.read() != nil || first.connected { _ = SystemCall.poll(first.descriptor, for: POLLIN, seconds: 0.1) }
        #expect(!first.connected && FileKind.of(path) == nil, "the end is seen, and the socket removed")
        _ = idle
    }

    @Test("a file at the path is not replaced; a socket nobody listens on is taken over; a live one is refused")
    func whatIsThere() throws {
        let path = Self.path()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: LocalSocket.Failure(description: "\(path) exists and is not a socket; not replaced")) {
            try ViewBroadcast(path: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
        unlink(path)
        // A socket left by a process that died.
        try Self.staleSocket(at: path)
        let broadcast = try ViewBroadcast(path: path)
        #expect(throws: LocalSocket.Failure(description: "\(path): another broadcast is listening there")) {
            try ViewBroadcast(path: path)
        }
        broadcast.close()
    }

    @Test("a follower that comes first waits, joins when the broadcast starts, and rejoins when it restarts")
    func followerWaits() throws {
        let path = Self.path()
        // Before the fix: "cannot reach …: No such file or directory", and the follower was gone.
        let follower = try ViewFollower(path: path)
        #expect(!follower.connected && follower.retryWait(at: 0.1) == 0.4)
        try Self.staleSocket(at: path)
        #expect(!follower.reconnect(at: 0.5), "a socket nobody listens on is no broadcast yet")
        #expect(!follower.reconnect(at: 0.7), "attempts are half a second apart")
        var broadcast = try ViewBroadcast(path: path)
        #expect(follower.reconnect(at: 1.0) && follower.connected && follower.retryWait(at: 1.0) == nil)
        broadcast.publish(Self.view("main-3", heading: 90))
        #expect(Self.next(follower) == Self.view("main-3", heading: 90))
        broadcast.close()
        while follower.read() != nil || follower.connected { _ = SystemCall.poll(follower.descriptor, for: POLLIN, seconds: 0.1) }
        #expect(!follower.reconnect(at: 2.0), "ended: nothing to join until it restarts")
        broadcast = try ViewBroadcast(path: path)
        defer { broadcast.close() }
        #expect(follower.reconnect(at: 2.5), "the restarted broadcast is joined")
        broadcast.publish(Self.view("main-4", heading: 180))
        #expect(Self.next(follower) == Self.view("main-4", heading: 180))
    }

    @Test("--follow on a file, a folder or a FIFO says what is there, not that nothing broadcasts")
    func followWhatIsThere() throws {
        let path = Self.path()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        #expect(throws: LocalSocket.Failure(description: "cannot reach \(path): it is a regular file, not a broadcast's socket")) {
            try ViewFollower(path: path)
        }
        let folder = FileManager.default.temporaryDirectory.path
        #expect(throws: LocalSocket.Failure(description: "cannot reach \(folder): it is a folder, not a broadcast's socket")) {
            try ViewFollower(path: folder)
        }
        let fifo = Self.path()
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: LocalSocket.Failure(description: "cannot reach \(fifo): it is a FIFO (named pipe), not a broadcast's socket")) {
            try ViewFollower(path: fifo)
        }
    }

    @Test("a flood of lines is read a bounded part at a time, so the session gets back to its keys between reads")
    func flood() throws {
        let path = Self.path()
        let listening = try LocalSocket.listen(at: path)
        defer {
            SystemCall.close(listening)
            unlink(path)
        }
        let follower = try ViewFollower(path: path)
        var presenter: Int32?
        for _ in 0..<100 where presenter == nil {
            presenter = LocalSocket.accept(listening)
            if presenter == nil { _ = SystemCall.poll(listening, for: POLLIN, seconds: 0.1) }
        }
        let socket = try #require(presenter)
        defer { SystemCall.close(socket) }
        let line = Array(Self.view("main-3", heading: 90).line.utf8)
        let lines = Array(Array(repeating: line, count: 4 * ViewFollower.readLimit / line.count).joined())
        var sent = 0
        while sent < lines.count, let count = LocalSocket.send(socket, lines[sent...]), count > 0 { sent += count }
        #expect(sent >= 2 * ViewFollower.readLimit, "the socket holds more than one read takes")
        _ = SystemCall.poll(follower.descriptor, for: POLLIN, seconds: 5)
        #expect(follower.read() == Self.view("main-3", heading: 90))
        var rest = [UInt8](repeating: 0, count: 16)
        #expect(SystemCall.read(follower.descriptor, into: &rest) > 0, "lines are left for the next read")
    }
}
