import Dispatch
import Locking
import Testing

@testable import Datasets

/// Requests that wait on a server are made as many at once as asked for, however few cores the
/// machine has: Dispatch's `concurrentPerform` runs about one iteration a core at a time.
@Suite("Fetches fanned out")
struct BlockingFanOutTests {
    /// Runs `fanOut` over `count` keys whose asks each wait, up to 5 s, until `count` are waiting
    /// at once; how many of them saw that happen.
    private static func asksThatMet(_ count: Int, _ fanOut: ([String], @escaping @Sendable (String) -> Bool) -> [Bool]) -> Int {
        let waiting = Locked(0)
        let everyoneIn = DispatchSemaphore(value: 0)
        let answers = fanOut((0..<count).map { "key \($0)" }) { _ in
            let arrived = waiting.withLock { count in
                count += 1
                return count
            }
            if arrived == count {
                for _ in 0..<count { everyoneIn.signal() }
            }
            return everyoneIn.wait(timeout: .now() + 5) == .success
        }
        return answers.filter { $0 }.count
    }

    @Test("Panoramax's requests are made concurrentRequests at once, on any number of cores")
    func panoramaxRequests() {
        let count = PanoramaxClient.concurrentRequests
        let met = Self.asksThatMet(count) { keys, ask in
            Array(PanoramaxClient.requests(for: keys, ask).values)
        }
        #expect(met == count)
    }
}
