import CSystemIO
import Dispatch

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
