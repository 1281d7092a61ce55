import TermRender
import Testing

@testable import TUI

@Suite("Measuring the link from the terminal's answers")
struct LinkMeterTests {
    @Test("a frame goes out between two status requests")
    func framed() {
        #expect(LinkMeter.framed([0x41]) == Array("\u{1B}[5nA\u{1B}[5n".utf8))
    }

    @Test("a frame sent alone gives the round trip from its first answer and the rate from the gap to its second")
    func roundTripAndRate() {
        var meter = LinkMeter()
        #expect(meter.lag(ofFrame: 1000) == nil, "nothing measured yet")
        meter.sent(bytes: 10000, at: 0)
        let head = meter.answered(at: 0.05)
        let tail = meter.answered(at: 0.15)
        #expect(!head, "the first answer does not complete the frame")
        #expect(tail)
        #expect(meter.roundTrip == 0.05)
        #expect(abs((meter.rate ?? 0) - 100_000) < 1e-6)
        #expect(abs((meter.lag(ofFrame: 5000) ?? 0) - 0.075) < 1e-9, "a one-way trip and 50 ms of bytes")
        #expect(meter.framesInFlight == 0)
    }

    @Test("a small frame says nothing of the rate, and a frame sent behind another says nothing of the round trip")
    func whatCounts() {
        var meter = LinkMeter()
        meter.sent(bytes: 100, at: 0)
        meter.sent(bytes: 8000, at: 0.01)
        for time in [0.04, 0.041, 0.09, 0.17] { meter.answered(at: time) }
        #expect(meter.roundTrip == 0.04, "the second frame's first answer waited behind the first frame")
        #expect(abs((meter.rate ?? 0) - 100_000) < 1e-6, "only the 8000-byte frame measured the rate")
    }

    @Test("the rate is the median of the recent frames, so one odd answer does not swing it")
    func medianRate() {
        var meter = LinkMeter()
        for (index, seconds) in [0.1, 0.1, 0.001, 0.1, 0.1].enumerated() {
            let start = Double(index)
            meter.sent(bytes: 10000, at: start)
            meter.answered(at: start + 0.02)
            meter.answered(at: start + 0.02 + seconds)
        }
        #expect(abs((meter.rate ?? 0) - 100_000) < 1e-6)
    }

    @Test("a frame composed while others are on their way is shown after them")
    func queueAhead() {
        var meter = LinkMeter()
        meter.sent(bytes: 10000, at: 0)
        meter.answered(at: 0.05)
        meter.answered(at: 0.15)  // 100 kB/s, 25 ms each way
        meter.sent(bytes: 20000, at: 1.0)  // on screen from 1.025 to 1.225
        let lag = meter.lag(ofFrame: 10000, at: 1.0)
        #expect(abs((lag ?? 0) - 0.325) < 1e-9, "behind 200 ms of bytes, then its own 100 ms")
        meter.answered(at: 1.05)  // the head arrived as expected
        #expect(abs((meter.lag(ofFrame: 10000, at: 1.2) ?? 0) - 0.125) < 1e-9)
        #expect(abs((meter.lag(ofFrame: 10000, at: 2) ?? 0) - 0.125) < 1e-9, "past due: the link is taken as idle")
    }

    @Test("a terminal that stops answering is waited for no longer, and holds nothing back until it answers again")
    func overdue() {
        var meter = LinkMeter()
        meter.sent(bytes: 10000, at: 0)
        meter.answered(at: 0.05)
        meter.answered(at: 0.15)
        meter.sent(bytes: 10000, at: 1)
        let early = meter.expire(at: 2)
        let late = meter.expire(at: 3.2)
        #expect(!early)
        #expect(late)
        #expect(meter.framesInFlight == 0)
        #expect(!meter.answers)
        #expect(meter.lag(ofFrame: 1000, at: 4) == nil)
    }
}
