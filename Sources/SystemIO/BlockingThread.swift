import CSystemIO
import Dispatch
import Locking

#if canImport(Glibc)
import Glibc
#endif

/// Runs work that may block for long (a fetch over the network, a read of a slow disk) on a thread
/// of its own. Dispatch's global queue on Linux keeps about one thread per core and adds another
/// only when it has seen no progress for about a second, so work that blocks there holds back
/// everything else queued there, a composed picture or a decode, for that long
/// (docs/decisions.md, 2026-12-05: "Blocking fetches run on threads of their own"). Signals meant
/// for the process are blocked in these threads, as in Dispatch's, so they reach the thread that
/// waits for them and never interrupt a fetch.
package enum BlockingThread {
    /// Starts `body` on a new detached thread named `name` (Linux keeps its first 15 bytes). Where
    /// no thread can be made (the process is at its limit), `body` runs on Dispatch's global queue.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let job = Unmanaged.passRetained(ThreadJob(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { pointer in
                guard let pointer else { return nil }
                let job = Unmanaged<ThreadJob>.fromOpaque(pointer).takeRetainedValue()
                _ = sw_name_this_thread(job.name)
                _ = sw_block_signals_in_this_thread()
                job.body()
                return nil
            }, job)
        if status != 0 {
            let job = Unmanaged<ThreadJob>.fromOpaque(job).takeRetainedValue()
            DispatchQueue.global(qos: .userInitiated).async { job.body() }
        }
    }

    /// Runs `body(index)` once for every index in 0..<`count`, on `workers` threads at once (fewer
    /// when there are fewer indices), each taking the next index not yet taken: all but one are
    /// threads of their own named `name`, one is the calling thread. Returns when every index has
    /// run. For fetches fanned out a fixed number at a time: Dispatch's `concurrentPerform` runs
    /// about one iteration a core at once, so on two cores four fetches that wait on a server
    /// would go two at a time.
    package static func forEach(_ count: Int, workers: Int, name: String, _ body: @escaping @Sendable (_ index: Int) -> Void) {
        let threads = min(workers, count)
        guard threads > 0 else { return }
        let taken = Locked(0)
        let work: @Sendable () -> Void = {
            while let index = taken.withLock({ next -> Int? in
                guard next < count else { return nil }
                next += 1
                return next - 1
            }) {
                body(index)
            }
        }
        let finished = DispatchGroup()
        for _ in 1..<threads {
            finished.enter()
            start(name: name) {
                work()
                finished.leave()
            }
        }
        work()
        finished.wait()
    }

    /// `body(index)` for every index in 0..<`count`, run as `forEach` runs it (`workers` threads
    /// at once); the answers in the order of their indices.
    package static func map<Answer: Sendable>(
        _ count: Int, workers: Int, name: String, _ body: @escaping @Sendable (_ index: Int) -> Answer
    ) -> [Answer] {
        let answers = Locked<[Answer?]>(Array(repeating: nil, count: count))
        forEach(count, workers: workers, name: name) { index in
            let answer = body(index)
            answers.withLock { $0[index] = answer }
        }
        return answers.withLock { $0 }.map { $0! }
    }
}

/// What a started thread runs, handed to it through `pthread_create`'s one pointer.
private final class ThreadJob: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
