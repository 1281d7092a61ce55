import Dispatch
import Synchronization

/// Tells workers running at once whether they were all waiting at the same time: each `arrive`
/// waits until `count` have arrived. A fan-out that runs fewer than `count` at once never gets
/// them all there, and its workers' waits time out.
package final class Rendezvous: Sendable {
    private let count: Int
    private let arrivals = Mutex(0)
    private let everyoneIn = DispatchSemaphore(value: 0)

    /// A meeting of `count` workers, ≥ 1.
    package init(count: Int) {
        self.count = count
    }

    /// Waits until `count` workers have arrived, at most `seconds`; true when they all did.
    package func arrive(waitingAtMost seconds: Double) -> Bool {
        let arrived = arrivals.withLock { arrivals in
            arrivals += 1
            return arrivals
        }
        if arrived == count {
            for _ in 0..<count { everyoneIn.signal() }
        }
        return everyoneIn.wait(timeout: .now() + seconds) == .success
    }
}
