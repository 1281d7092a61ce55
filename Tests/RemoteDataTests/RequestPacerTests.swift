import Locking
import Testing

@testable import RemoteData

@Suite("Requests paced")
struct RequestPacerTests {
    /// A clock that moves only when the pacer pauses, so nothing waits.
    final class FakeTime: Sendable {
        let now = Locked<Double>(100)
        let pauses = Locked<[Double]>([])
        func pacer(perSecond: Double) -> RequestPacer {
            RequestPacer(
                perSecond: perSecond, clock: { self.now.withLock { $0 } },
                pause: { seconds in
                    self.pauses.withLock { $0.append(seconds) }
                    self.now.withLock { $0 += seconds }
                })
        }
    }

    @Test("ten requests at once at five a second take 1.8 s in even steps; a quiet spell is not saved up")
    func paced() {
        let time = FakeTime()
        let pacer = time.pacer(perSecond: 5)
        for _ in 0..<10 { pacer.wait() }
        let pauses = time.pauses.withLock { $0 }
        #expect(pauses.count == 9 && pauses.allSatisfy { abs($0 - 0.2) < 1e-9 })
        #expect(abs(time.now.withLock { $0 } - 101.8) < 1e-9)
        time.now.withLock { $0 += 60 }
        pacer.wait()
        pacer.wait()
        #expect(time.pauses.withLock { $0 }.count == 10)
    }

    @Test("a rate that is not a number is one a second, never a division by zero")
    func clamped() {
        #expect(RequestPacer(perSecond: .nan).perSecond == 1)
        #expect(RequestPacer(perSecond: 0).perSecond == 0.01)
    }
}
