import TestSupport
import Testing

@testable import Datasets

/// Requests that wait on a server are made as many at once as asked for, however few cores the
/// machine has: Dispatch's `concurrentPerform` runs about one iteration a core at a time.
@Suite("Fetches fanned out")
struct BlockingFanOutTests {
    @Test("Panoramax's requests are made concurrentRequests at once, on any number of cores")
    func panoramaxRequests() {
        let count = PanoramaxClient.concurrentRequests
        let meeting = Rendezvous(count: count)
        let answers = PanoramaxClient.requests(for: (0..<count).map { "picture \($0)" }) { _ in
            meeting.arrive(waitingAtMost: 5)
        }
        #expect(answers.values.filter { $0 }.count == count)
    }
}
