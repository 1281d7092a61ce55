import Dispatch
import Foundation
import Locking
import SystemIO
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The syscall funnel: EINTR retried with the deadline kept, pipes that wake loops, and the
/// directory operations that never follow a link.
@Suite("System calls")
struct SystemCallTests {
    /// Sends `thread` SIGUSR2 over and over until the result is called (the handler does nothing;
    /// no other code here uses SIGUSR2), so a wait on it is interrupted however late it starts.
    static func keepInterrupting(_ thread: pthread_t) -> () -> Void {
        signal(SIGUSR2) { _ in }
        let stop = Locked(false)
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while !stop.withLock({ $0 }) {
                pthread_kill(thread, SIGUSR2)
                sched_yield()
            }
            stopped.signal()
        }
        return {
            stop.withLock { $0 = true }
            stopped.wait()
        }
    }

    @Test("a poll interrupted by signals goes on waiting for the time left, where poll(2) returns EINTR")
    func pollKeepsItsDeadline() throws {
        let ends = try #require(SystemCall.makePipe())
        defer {
            SystemCall.close(ends.read)
            SystemCall.close(ends.write)
        }
        // The test runner's worker threads block signals: this one takes SIGUSR2 for the test.
        var usr2 = sigset_t()
        var before = sigset_t()
        sigemptyset(&usr2)
        sigaddset(&usr2, SIGUSR2)
        pthread_sigmask(SIG_UNBLOCK, &usr2, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        let stopInterrupting = Self.keepInterrupting(pthread_self())
        defer { stopInterrupting() }

        var raw = [pollfd(fd: ends.read, events: Int16(POLLIN), revents: 0)]
        let interrupted = Glibc.poll(&raw, 1, 5000)
        #expect(interrupted == -1 && errno == EINTR, "the bare call is interrupted")
        let started = FileDescriptorIO.monotonicSeconds()
        var fds = [pollfd(fd: ends.read, events: Int16(POLLIN), revents: 0)]
        #expect(SystemCall.poll(&fds, seconds: 0.1) == 0, "no EINTR: the time ran out")
        #expect(FileDescriptorIO.monotonicSeconds() - started >= 0.1)
    }

    @Test("a self-pipe carries the bytes signalled, in order, and reads empty without blocking")
    func selfPipe() throws {
        let wake = try SelfPipe()
        #expect(wake.drain().isEmpty)
        #expect(SystemCall.poll(wake.descriptor, for: POLLIN, seconds: 0) == nil)
        wake.signal(1)
        wake.signal(0)
        #expect(SystemCall.poll(wake.descriptor, for: POLLIN, seconds: 0) != nil)
        #expect(wake.drain() == [1, 0])
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(SystemCall.read(wake.descriptor, into: &buffer) == -1 && errno == EAGAIN)
    }

    @Test("a folder's regular files with sizes, links and folders left out; remove takes a link, not what it names")
    func directory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-dir-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/inner", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/three"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/three")
        let files = Directory.regularFiles(in: folder)
        #expect(files.map(\.name) == ["three"] && files.first?.bytes == 3)
        #expect(Directory.remove(folder + "/link"))
        #expect(FileKind.of(folder + "/three") == .regular, "the file the link named stays")
        #expect(Directory.remove(folder + "/inner") && FileKind.of(folder + "/inner") == nil)
        #expect(!Directory.remove(folder + "/nothing"))
        #expect(Directory.regularFiles(in: folder + "/nothing").isEmpty)
    }

    @Test("removeTree takes a folder and all below it, and a link to a folder outside as a link, leaving what it names")
    func removeTree() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-tree-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/ours/a/b", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/theirs", withIntermediateDirectories: true)
        try Data([1]).write(to: URL(fileURLWithPath: root + "/ours/a/b/tile.jpg"))
        try Data([2]).write(to: URL(fileURLWithPath: root + "/ours/a/file"))
        try Data([3]).write(to: URL(fileURLWithPath: root + "/theirs/kept"))
        try FileManager.default.createSymbolicLink(atPath: root + "/ours/link", withDestinationPath: root + "/theirs")
        #expect(Directory.removeTree(root + "/ours"))
        #expect(FileKind.of(root + "/ours") == nil)
        #expect(FileKind.of(root + "/theirs/kept") == .regular, "what the link named stays")
        try Data([4]).write(to: URL(fileURLWithPath: root + "/single"))
        #expect(Directory.removeTree(root + "/single") && FileKind.of(root + "/single") == nil)
        #expect(!Directory.removeTree(root + "/nothing"))
    }
}
