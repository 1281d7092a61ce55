import Datasets
import Explorer
import TermRender
import TUI

/// `sidewalk --headless`: the explorer with no terminal, on a simulated clock, saying what each
/// step changed as a screen reader would, one line per change, on standard output.
enum HeadlessRun {
    /// `dataset`, when one is open, says which panoramas cannot be shown; `nearby`, for a dataset
    /// read as you walk, reads what is near each panorama reached.
    static func run(state: ExplorerState, dataset: Dataset?, nearby: NearbyParts?, steps: [ScriptStep], log: EventLog?) -> Int32 {
        var runner = ScriptRunner(state: state) { panorama in dataset?.problem(showing: panorama) }
        say(Narrator.arrival(runner.state))
        for step in steps {
            let from = runner.state.panorama?.id
            let outcome = runner.run(step)
            if let here = runner.state.panorama, here.id != from, let service = nearby?.service(near: here) { runner.adopt(service) }
            for (event, time) in outcome.events { log?.record(event, at: time) }
            outcome.lines.forEach(say)
            if runner.state.isFinished { break }
        }
        return ExitStatus.success
    }

    /// One line of the transcript; dataset text in it is untrusted, so it is sanitised.
    static func say(_ line: String) {
        print(TerminalLocale.line(line))
    }
}
