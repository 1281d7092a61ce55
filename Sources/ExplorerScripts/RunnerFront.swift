import Explorer
import StreetModel

/// The headless explorer as a script's front: a `ScriptRunner` on its simulated clock, with what a
/// full view adds around it given by the caller (what it does between frames, its screen).
public struct RunnerFront: ScriptFront {
    public private(set) var runner: ScriptRunner
    /// Told of each line said and event as they come; asked, on each arrival, for a service
    /// holding more of the dataset (a dataset read as you walk).
    public var said: (String) -> Void = { _ in }
    public var event: (ExplorerEvent, Double) -> Void = { _, _ in }
    public var arrived: (Panorama) -> DatasetGrowth = { _ in .nothing }
    /// What the front does after each step and frame, as the full view does between frames (it
    /// changes how it draws when `c` or `b` asked, and says so).
    public var betweenFrames: (inout ScriptRunner) -> ScriptRunner.Outcome = { _ in ScriptRunner.Outcome() }
    /// The screen's text for a state, for `expect screen` and `expect visible focus`; nil where
    /// there is none.
    public var screen: (ExplorerState) -> String? = { _ in nil }
    private var news = (said: [String](), events: [Perceived.Event]())

    /// A front over `runner`; the first news is where it stands.
    public init(_ runner: ScriptRunner) {
        self.runner = runner
        news.said = [Narrator.arrival(runner.state)]
    }

    public var clock: Double { runner.clock }
    public var ended: Bool { runner.state.isFinished }

    public mutating func perform(_ line: ScriptLine) {
        take(runner.run(line.step, waits: line.waits))
    }

    public mutating func pass() {
        take(runner.tick())
    }

    public mutating func takeNews() -> (said: [String], events: [Perceived.Event]) {
        defer { news = ([], []) }
        news.said.forEach(said)
        return news
    }

    public func perceived(said: [String], events: [Perceived.Event]) -> Perceived? {
        Perceived(runner.state, said: said, events: events, screen: screen(runner.state))
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
