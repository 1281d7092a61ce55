import Locking

/// Jobs that may block (a fetch, a decode of what was fetched) run one at a time, in the order
/// queued, on a thread of their own (`BlockingThread`) that lasts while there are jobs: a serial
/// queue that never takes one of Dispatch's few threads.
package final class BlockingQueue: Sendable {
    /// The thread's name while it runs jobs.
    private let name: String
    private let state = Locked(Pending())

    /// Jobs not yet started, and whether a thread is running them.
    private struct Pending {
        var jobs: [@Sendable () -> Void] = []
        var running = false
    }

    /// A queue whose thread is named `name` (15 bytes are kept).
    package init(name: String) {
        self.name = name
    }

    /// Runs `job` after every job queued before it, on the queue's thread; never waits.
    package func async(_ job: @escaping @Sendable () -> Void) {
        let starts = state.withLock { pending in
            pending.jobs.append(job)
            guard !pending.running else { return false }
            pending.running = true
            return true
        }
        if starts { BlockingThread.start(name: name) { self.runJobs() } }
    }

    /// Runs queued jobs until none is left, then lets the thread end.
    private func runJobs() {
        while let job = nextJob() { job() }
    }

    /// The next job, or nil (and the queue marked idle) when there is none.
    private func nextJob() -> (@Sendable () -> Void)? {
        state.withLock { pending in
            guard !pending.jobs.isEmpty else {
                pending.running = false
                return nil
            }
            return pending.jobs.removeFirst()
        }
    }
}
