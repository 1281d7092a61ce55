import Datasets
import Explorer
import ExplorerScripts
import ExplorerView
import PanoCore
import TermRender

/// `sidewalk --headless`: the explorer with no terminal, on a simulated clock, saying what each
/// step changed as a screen reader would, one line per change, on standard output. A failed
/// expectation or an unexpected explorer error is one line on standard error naming the script
/// line, and exit status 1.
enum HeadlessRun {
    /// `dataset`, when one is open, says which panoramas cannot be shown; `nearby`, for a dataset
    /// read as you walk, reads what is near each panorama reached.
    static func run(
        state: ExplorerState, dataset: Dataset?, nearby: NearbyParts?, script: (source: String, lines: [ScriptLine]),
        display: DisplayOptions, log: EventLog?, lookup: PlaceLookup
    ) -> Int32 {
        let front = HeadlessFront(display: display)
        var state = state
        front.prepare(&state)
        let imageryNear = nearby.map { parts in { @Sendable (place: Coordinate) in parts.growth(nearPlace: place) } }
        var player = front.front(
            ScriptRunner(state: state, lookup: lookup, imageryNear: imageryNear) { panorama in dataset?.problem(showing: panorama) })
        player.said = say
        player.event = { event, time in log?.record(event, at: time) }
        player.arrived = { here in nearby?.growth(near: here) ?? .nothing }
        let result = ScriptPlayer.play(script.lines, on: &player)
        guard let failure = result.failure else { return ExitStatus.success }
        let place = script.source == "--keys" ? "--keys step \(failure.line.line)" : "\(script.source):\(failure.line.line)"
        writeStandardError(TerminalLocale.line("sidewalk: \(place): \(failure.message)") + "\n")
        return ExitStatus.failure
    }

    /// One line of the transcript; dataset text in it is untrusted, so it is sanitised.
    static func say(_ line: String) {
        print(TerminalLocale.line(line))
    }
}
