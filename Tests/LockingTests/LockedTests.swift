import Dispatch
import Locking
import Testing

/// `Locked`: mutual exclusion, what `withLock` hands back, and values that cannot be copied.
/// Under `scripts/sanitize thread` the first test is also the check that ThreadSanitizer sees the
/// lock: with `Synchronization.Mutex` it reported the contended sections as races.
@Suite("Locked values")
struct LockedTests {
    @Test("no update is lost when eight workers change the value at once")
    func noLostUpdates() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 {
                counter.withLock { value in
                    // A read, some work, then a write: without the lock, updates would be lost.
                    let read = value
                    value = read &+ 1
                }
            }
        }
        #expect(counter.withLock { $0 } == 160_000)
    }

    @Test("withLock returns what its body returns, and passes its error on")
    func resultsAndErrors() {
        struct Refused: Error, Equatable {}
        let names = Locked(["a"])
        #expect(
            names.withLock {
                $0.append("b")
                return $0.count
            } == 2)
        #expect(throws: Refused.self) { try names.withLock { (_: inout [String]) throws(Refused) in throw Refused() } }
        #expect(names.withLock { $0 } == ["a", "b"])
    }

    @Test("holds a value that cannot be copied")
    func noncopyable() {
        struct Token: ~Copyable { var uses = 0 }
        let token = Locked(Token())
        token.withLock { $0.uses += 1 }
        #expect(token.withLock { $0.uses } == 1)
    }
}
