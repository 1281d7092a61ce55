import Explorer
import PanoCore
import TermRender
import VirtualTerminal

extension ScreenCells {
    /// The colours a terminal's defaults are taken as: white text on black.
    static let defaultForeground = RGB(255, 255, 255)
    static let defaultBackground = RGB(0, 0, 0)

    /// What `screen` shows, wide characters' right halves kept as `Cell.continuation`.
    package init(_ screen: VirtualScreen) {
        self.init(
            columns: screen.columns, rows: screen.rows,
            cells: screen.cells.map { cell in
                Cell(
                    glyph: cell.glyph, foreground: cell.foreground ?? Self.defaultForeground,
                    background: cell.background ?? Self.defaultBackground)
            })
    }

    /// What a terminal shows of `frame` sent in `colorMode`: the frame encoded as the full view
    /// sends it and read back by the terminal model, so 256 and 16 colours are the palette's.
    package static func shown(_ frame: CellGrid, colorMode: ColorMode) -> ScreenCells {
        var encoder = FrameEncoder(colorMode: colorMode)
        var bytes: [UInt8] = []
        encoder.encode(frame, quality: .exact, into: &bytes)
        var screen = VirtualScreen(columns: frame.columns, rows: frame.rows)
        screen.feed(bytes)
        return ScreenCells(screen)
    }
}
