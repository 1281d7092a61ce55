import TUI
import Testing

@Suite("Session limits")
struct SessionLimitsTests {
    @Test("the idle limit counts from the last key; the session limit from the start; the first to run out is the reason")
    func limits() {
        let limits = SessionLimits(session: 900, idle: 180)
        #expect(!limits.expired(at: 170) && limits.wake(at: 170) == 10_000)
        limits.tookInput(at: 170)
        #expect(!limits.expired(at: 349), "a key at 170 s keeps it going to 350 s")
        #expect(limits.wake(at: 349) == 1000)
        #expect(limits.expired(at: 350) && limits.endedBecause == "the session ended after 3 minutes without a key")
        let busy = SessionLimits(session: 900, idle: 180)
        for second in stride(from: 0.0, through: 899, by: 60) { busy.tookInput(at: second) }
        #expect(!busy.expired(at: 899.9) && busy.expired(at: 900))
        #expect(busy.endedBecause == "the session ended after its 15 minutes")
        #expect(SessionLimits().wake(at: 5) == nil && !SessionLimits().expired(at: 1e9), "no limits, no wake-ups")
    }
}
