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

    @Test("a minute and ten seconds before a limit runs out, it is said once each; a key takes the idle ones back")
    func warnings() {
        let limits = SessionLimits(session: 100, idle: 50)
        #expect(limits.wake(at: 0) == 40_000, "the first warnings wake the loop at 40 s")
        #expect(limits.warning(at: 39.9) == nil)
        #expect(limits.warning(at: 40) == "This session ends in 1 minute.")
        #expect(limits.warning(at: 40.5) == "This session ends in 10 seconds without a key.", "idle at 50 s: no minute's warning")
        #expect(limits.warning(at: 40.6) == nil, "each once")
        limits.tookInput(at: 41)
        #expect(limits.warning(at: 42) == nil && limits.wake(at: 42) == 39_000, "a key took the idle ones back: due at 81")
        #expect(limits.warning(at: 81) == "This session ends in 10 seconds without a key.")
        #expect(limits.warning(at: 95) == "This session ends in 10 seconds.", "late: the latest due stands for those passed")
        let short = SessionLimits(session: 30)
        #expect(short.warning(at: 0) == nil && short.warning(at: 20) == "This session ends in 10 seconds.", "no minute's warning in 30 s")
    }
}
