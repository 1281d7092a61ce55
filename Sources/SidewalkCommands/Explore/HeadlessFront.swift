import Explorer
import ExplorerScripts
import ExplorerView
import TermRender

/// What the full view adds around the explorer state, kept by the headless fronts (`--headless`,
/// `sidewalk test --front headless`) so a script gives the same results as in a terminal: the
/// minimap shown at start on a large enough screen, the drawing choice `c` and `b` change (and
/// the note saying so), and the screen's text for `expect screen`.
struct HeadlessFront {
    /// The screen a headless script reads, columns×rows.
    var columns = 100
    var rows = 30
    var display = DisplayOptions()

    /// Sets `state` up as the full view does at this size.
    func prepare(_ state: inout ExplorerState) {
        state.minimapShown = display.minimap.shownAtStart(columns: columns, rows: rows)
    }

    /// A front over `runner` that keeps the full view's drawing choice and reads its screen
    /// as drawn in the colour mode chosen so far.
    func front(_ runner: ScriptRunner) -> RunnerFront {
        var front = RunnerFront(runner)
        final class Choice {
            var drawing: DrawingChoice
            init(_ drawing: DrawingChoice) { self.drawing = drawing }
        }
        let choice = Choice(
            DrawingChoice(colorMode: display.colorMode ?? .truecolor, chosen: display.colorMode != nil, symbols: display.symbols))
        let screen = HeadlessScreen(columns: columns, rows: rows, display: display)
        front.screen = { state in screen.shown(state, colorMode: choice.drawing.colorMode) }
        front.betweenFrames = { runner in
            choice.drawing.take(runner.state.displayRequests).map { runner.say($0) } ?? ScriptRunner.Outcome()
        }
        return front
    }
}
