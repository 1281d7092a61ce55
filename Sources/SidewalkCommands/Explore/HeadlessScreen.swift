import Explorer
import ExplorerScripts
import ExplorerView
import PanoCore
import TermRender

/// The full view's screen for a headless script's `expect screen`, `expect visible focus` and
/// `expect contrast`: the same frame the terminal front draws (`ExplorerFrame`), at the same size
/// and with the same display options, over a blank picture; its text read row by row (the
/// picture's cells as spaces), its cells as a terminal shows them in `colorMode`.
struct HeadlessScreen {
    let columns: Int
    let rows: Int
    var display = DisplayOptions()
    private let blank = EquirectPanorama(image: RGBImage(width: 8, height: 4))

    init(columns: Int, rows: Int, display: DisplayOptions = DisplayOptions()) {
        (self.columns, self.rows, self.display) = (columns, rows, display)
    }

    /// The screen for `state`, its colours sent in `colorMode`.
    func shown(_ state: ExplorerState, colorMode: ColorMode) -> (text: String, cells: ScreenCells) {
        var composer = FrameComposer()
        let grid = ExplorerFrame.draw(
            composer: &composer, panorama: blank, state: state, header: ExplorerFrame.header(of: state), display: display,
            columns: columns, rows: rows
        ).grid
        let text = (0..<grid.rows).map { row in
            String(
                String.UnicodeScalarView(
                    (0..<grid.columns).compactMap { column -> Unicode.Scalar? in
                        let glyph = grid[column, row].glyph
                        if glyph == Cell.continuation { return nil }
                        return glyph == Cell.upperHalfBlock || glyph == Cell.lowerHalfBlock || glyph.value < 0x20 ? " " : glyph
                    }))
        }.joined(separator: "\n")
        return (text, ScreenCells.shown(grid, colorMode: colorMode))
    }
}
