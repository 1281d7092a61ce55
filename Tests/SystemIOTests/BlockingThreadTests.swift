import CSystemIO
import Dispatch
import Locking
import TestSupport
import Testing

@testable import SystemIO

#if canImport(Glibc)
import Glibc
#endif

@Suite("Blocking work on threads of its own")
struct BlockingThreadTests {
    @Test("a blocking queue runs its jobs in the order queued, one at a time, on a thread named as asked")
    func queueRunsInOrder() {
        let queue = BlockingQueue(name: "test-blocking-queue")
        let record = Locked((order: [Int](), names: Set<String>(), running: 0, most: 0))
        let done = DispatchSemaphore(value: 0)
        for job in 0..<50 {
            queue.async {
                record.withLock { record in
                    record.running += 1
                    record.most = max(record.most, record.running)
                }
                let name = Self.threadName()
                record.withLock { record in
                    record.order.append(job)
                    record.names.insert(name)
                    record.running -= 1
                }
                if job == 49 { done.signal() }
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let (order, names, most) = record.withLock { ($0.order, $0.names, $0.most) }
        #expect(order == Array(0..<50))
        #expect(most == 1)
        // Linux keeps 15 bytes of a thread's name.
        #expect(names == ["test-blocking-q"])
    }

    @Test(
        "a blocking thread starts while more of Dispatch's global work waits than a machine has cores (Dispatch starts another thread for it only after about a second)"
    )
    func startsWhileDispatchIsHeld() {
        let gate = DispatchSemaphore(value: 0)
        let held = 4 * activeCores()
        let waiting = DispatchGroup()
        for _ in 0..<held {
            waiting.enter()
            DispatchQueue.global(qos: .userInitiated).async {
                gate.wait()
                waiting.leave()
            }
        }
        let ran = DispatchSemaphore(value: 0)
        BlockingThread.start(name: "test-blocking") { ran.signal() }
        let started = ran.wait(timeout: .now() + 0.5) == .success
        for _ in 0..<held { gate.signal() }
        waiting.wait()
        #expect(started)
    }

    @Test("a blocking thread blocks the signals meant for the process (Ctrl-C, a resize), not those a fault raises")
    func blocksProcessSignals() {
        let seen = Locked<[Int32: Bool]>([:])
        let done = DispatchSemaphore(value: 0)
        // A thread starts with its creator's mask: start it from one that blocks none of these, as
        // the explorer's main thread does (this test's thread may block every signal already).
        var unblocked = sigset_t()
        var before = sigset_t()
        sigemptyset(&unblocked)
        for signal in [SIGINT, SIGTERM, SIGWINCH, SIGCONT] { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        BlockingThread.start(name: "test-signals") {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            let blocked = [SIGINT, SIGTERM, SIGWINCH, SIGCONT, SIGSEGV, SIGBUS].map { ($0, sigismember(&mask, $0) == 1) }
            seen.withLock { $0 = Dictionary(uniqueKeysWithValues: blocked) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let blocked = seen.withLock { $0 }
        #expect(blocked == [SIGINT: true, SIGTERM: true, SIGWINCH: true, SIGCONT: true, SIGSEGV: false, SIGBUS: false])
    }

    @Test("forEach runs every index once, as many at once as its workers, more of them than the machine has cores")
    func forEachRunsEveryWorkerAtOnce() {
        let workers = activeCores() + 2
        let meeting = Rendezvous(count: workers)
        let met = Locked([Int]())
        BlockingThread.forEach(workers * 3, workers: workers, name: "test-for-each") { index in
            // The first `workers` indices meet; the rest run after them, once each.
            if index >= workers || meeting.arrive(waitingAtMost: 5) { met.withLock { $0.append(index) } }
        }
        #expect(met.withLock { $0 }.sorted() == Array(0..<(workers * 3)))
    }

    @Test("map gives each index's answer in index order, whichever thread ran it and whenever it ended")
    func mapKeepsOrder() {
        let workers = 4
        let meeting = Rendezvous(count: workers)
        // The first `workers` answers meet, so they run at once and end in any order.
        let answers = BlockingThread.map(workers * 3, workers: workers, name: "test-map") { index in
            if index < workers { _ = meeting.arrive(waitingAtMost: 5) }
            return index * index
        }
        #expect(answers == (0..<(workers * 3)).map { $0 * $0 })
        #expect(BlockingThread.map(0, workers: workers, name: "test-map") { $0 }.isEmpty)
    }

    /// The calling thread's name, as `BlockingThread.start` gave it (or the system did).
    private static func threadName() -> String {
        var bytes = [CChar](repeating: 0, count: 16)
        guard sw_this_thread_name(&bytes, UInt(bytes.count)) == 0 else { return "" }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Cores this process may run on.
    private func activeCores() -> Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
