import Explorer
import ExplorerScripts
import TUI
import Testing

@Suite("A tour at a person's pace")
struct TourPlayerTests {
    private static func tour(_ text: String, loops: Bool = false) throws -> TourPlayer {
        TourPlayer(try KeyScript.parse(text, form: .file), pace: 2, loops: loops)
    }

    @Test("each step a pace after the view settles; wait lines add their time; expectations are skipped; the end is said once")
    func pace() throws {
        var tour = try Self.tour("Right\nexpect heading 15\nwait 3\nw")
        func due(_ now: Double, settled: Bool = true) -> TourPlayer.Due? { tour.due(at: now, settled: settled) }
        #expect(due(0) == nil, "the first settled moment starts the clock")
        #expect(tour.wake(at: 0) == 2)
        #expect(due(1.9) == nil)
        #expect(tour.progress == (0, 2), "actions only: the wait and the expectation are not steps")
        #expect(due(2) == .action(.key(.right)))
        #expect(tour.progress == (1, 2))
        #expect(due(2.5, settled: false) == nil, "nothing while the view moves")
        #expect(due(3) == nil)
        #expect(due(5) == nil, "a pace after settling, then the wait's 3 s")
        #expect(due(8) == .action(.key(.character("w"))))
        #expect(tour.progress == (2, 2))
        #expect(due(9) == nil)
        #expect(due(11) == .over)
    }

    @Test("a looping tour starts again after its last step; Space holds it and lets it go a pace later")
    func loopAndPause() throws {
        var tour = try Self.tour("Left", loops: true)
        func due(_ now: Double) -> TourPlayer.Due? { tour.due(at: now, settled: true) }
        func toggle(_ now: Double) -> Bool { tour.togglePause(at: now) }
        _ = due(0)
        #expect(due(2) == .action(.key(.left)))
        _ = due(3)
        #expect(due(5) == .restart)
        #expect(toggle(5.5))
        #expect(due(20) == nil && tour.wake(at: 20) == nil, "paused")
        #expect(!toggle(20))
        #expect(due(21.9) == nil)
        #expect(due(22) == .action(.key(.left)))
    }
}
