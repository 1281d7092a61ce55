import Explorer
import StreetModel

/// The headless explorer as a script's front: a `ScriptRunner` on its simulated clock, with what a
/// full view adds around it given by the caller (what it does between frames, its screen).
package struct RunnerFront: ScriptFront {
    package private(set) var runner: ScriptRunner
    /// Told of each line said and event as they come; asked, on each arrival, for a service
    /// holding more of the dataset (a dataset read as you walk).
    package var said: (String) -> Void = { _ in }
    package var event: (ExplorerEvent, Double) -> Void = { _, _ in }
    package var arrived: (Panorama) -> DatasetGrowth = { _ in .nothing }
    /// What the front does after each step and frame, as the full view does between frames (it
    /// changes how it draws when `c` or `b` asked, and says so).
    package var betweenFrames: (inout ScriptRunner) -> ScriptRunner.Outcome = { _ in ScriptRunner.Outcome() }
    /// The screen's text for a state, for `expect screen` and `expect visible focus`, and its
    /// cells as shown, for `expect contrast`; nil where there is none.
    package var screen: (ExplorerState) -> (text: String, cells: ScreenCells)? = { _ in nil }
    private var news = (said: [String](), events: [Perceived.Event]())

    /// A front over `runner`; the first news is where it stands.
    package init(_ runner: ScriptRunner) {
        self.runner = runner
        news.said = [Narrator.arrival(runner.state)]
    }

    package var clock: Double { runner.clock }
    package var ended: Bool { runner.state.isFinished }

    package mutating func perform(_ line: ScriptLine) {
        take(runner.run(line.step, waits: line.waits))
    }

    package mutating func pass() {
        take(runner.tick())
    }

    package mutating func takeNews() -> (said: [String], events: [Perceived.Event]) {
        defer { news = ([], []) }
        news.said.forEach(said)
        return news
    }

    package func perceived(said: [String], events: [Perceived.Event]) -> Perceived? {
        let shown = screen(runner.state)
        return Perceived(runner.state, said: said, events: events, screen: shown?.text, cells: shown?.cells)
    }

    private mutating func take(_ outcome: ScriptRunner.Outcome) {
        let fronted = betweenFrames(&runner)
        news.said += outcome.lines + fronted.lines
        for (happened, time) in outcome.events + fronted.events {
            event(happened, time)
            news.events.append(Perceived.Event(happened, at: time))
            if case .didMoveToPanorama(let id) = happened, let here = runner.state.panorama, here.id == id {
                runner.grow(arrived(here))
            }
        }
    }
}
