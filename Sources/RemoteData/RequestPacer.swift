import Locking
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// At most `perSecond` requests a second from this process to one service, however many threads
/// ask: each caller is given the next free moment, `1 / perSecond` seconds after the one before,
/// and waits for it. Shared (a class) by every copy of the client that holds it. The clock is
/// injected, so tests wait for nothing.
package final class RequestPacer: Sendable {
    /// Requests a second at most, > 0.
    package let perSecond: Double
    private let clock: @Sendable () -> Double
    private let pause: @Sendable (Double) -> Void
    /// The next moment a request may be sent, `clock` seconds.
    private let next = Locked<Double>(-.infinity)

    /// `clock` gives monotonic seconds; `pause` waits that many seconds.
    package init(
        perSecond: Double, clock: @escaping @Sendable () -> Double = FileDescriptorIO.monotonicSeconds,
        pause: @escaping @Sendable (Double) -> Void = RequestPacer.sleep
    ) {
        self.perSecond = max(0.01, perSecond.isFinite ? perSecond : 1)
        self.clock = clock
        self.pause = pause
    }

    /// Waits until a request may be sent, and takes that moment.
    package func wait() {
        let now = clock()
        let slot = next.withLock { next in
            let slot = max(now, next)
            next = slot + 1 / perSecond
            return slot
        }
        if slot > now { pause(slot - now) }
    }

    /// Waits `seconds` without a signal cutting it short.
    package static func sleep(_ seconds: Double) {
        var none: [pollfd] = []
        let end = FileDescriptorIO.monotonicSeconds() + seconds
        while case let left = end - FileDescriptorIO.monotonicSeconds(), left > 0 { _ = SystemCall.poll(&none, seconds: left) }
    }
}
