import Explorer
import ExplorerView
import PanoCore
import TermRender

/// The full view's text for a headless script's `expect screen` and `expect visible focus`: the
/// same frame the terminal front draws (`ExplorerFrame`), at the same size, over a blank picture,
/// read row by row. Only the picture differs, and expectations read text.
struct HeadlessScreen {
    let columns: Int
    let rows: Int
    private let blank = EquirectPanorama(image: RGBImage(width: 8, height: 4))

    /// The screen's rows for `state`, joined by newlines; the picture's cells are spaces.
    func text(_ state: ExplorerState) -> String {
        var composer = FrameComposer()
        let grid = ExplorerFrame.draw(
            composer: &composer, panorama: blank, state: state, header: ExplorerFrame.header(of: state),
            display: DisplayOptions(), columns: columns, rows: rows
        ).grid
        return (0..<grid.rows).map { row in
            String(
                String.UnicodeScalarView(
                    (0..<grid.columns).compactMap { column -> Unicode.Scalar? in
                        let glyph = grid[column, row].glyph
                        if glyph == Cell.continuation { return nil }
                        return glyph == Cell.upperHalfBlock || glyph == Cell.lowerHalfBlock || glyph.value < 0x20 ? " " : glyph
                    }))
        }.joined(separator: "\n")
    }
}
