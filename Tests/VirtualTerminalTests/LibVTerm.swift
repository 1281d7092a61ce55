import CVTerm
import PanoCore
import TermRender
import VirtualTerminal

/// libvterm's screen, fed the same bytes as a `VirtualScreen`, read back as the same cells: the
/// oracle our terminal model (and, through it, every encoder) is held to.
final class LibVTerm {
    private(set) var columns: Int
    private(set) var rows: Int
    private let terminal: OpaquePointer

    /// A terminal of `columns`×`rows` whose 16 colours are xterm's, as `VirtualScreen` assumes.
    init(columns: Int, rows: Int) {
        (self.columns, self.rows) = (columns, rows)
        terminal = sw_vterm_open(Int32(rows), Int32(columns))
        for (index, colour) in ColorPalette.ansi16.enumerated() {
            sw_vterm_set_palette(terminal, Int32(index), colour.r, colour.g, colour.b)
        }
    }

    deinit { sw_vterm_close(terminal) }

    /// Resizes the terminal to `columns`×`rows`, as a window resized.
    func resize(columns: Int, rows: Int) {
        (self.columns, self.rows) = (columns, rows)
        sw_vterm_resize(terminal, Int32(rows), Int32(columns))
    }

    func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sw_vterm_write(terminal, $0.baseAddress, $0.count) }
        }
    }

    /// The cell at `column`, `row` as `VirtualScreen` describes one: a blank is a space, the right
    /// half of a wide character is `Cell.continuation`, a default colour is nil.
    subscript(column: Int, row: Int) -> VirtualScreen.Cell {
        var cell = sw_vterm_cell()
        _ = sw_vterm_cell_at(terminal, Int32(row), Int32(column), &cell)
        var glyph = Unicode.Scalar(cell.glyph) ?? " "
        if cell.glyph == 0 || cell.glyph == UInt32.max {
            var before = sw_vterm_cell()
            let halfOfWide = column > 0 && sw_vterm_cell_at(terminal, Int32(row), Int32(column - 1), &before) == 1 && before.width == 2
            glyph = halfOfWide ? TermRender.Cell.continuation : " "
        }
        let foreground = Self.colour(cell.foreground_default != 0, cell.foreground_index, cell.foreground)
        let background = Self.colour(cell.background_default != 0, cell.background_index, cell.background)
        return VirtualScreen.Cell(glyph: glyph, foreground: foreground, background: background)
    }

    /// A cell's colour: nil for the default; one of the 256 beyond the 16 as xterm shows it; else
    /// libvterm's RGB. libvterm 0.1 builds its 6×6×6 cube and grey ramp from other levels than
    /// xterm (0x33 steps, greys from 0 to 255), so for those the colour is xterm's own, from its
    /// 256colres.pl: cube levels 0, 95, 135, 175, 215, 255, and greys 8 + 10·i.
    private static func colour(_ isDefault: Bool, _ index: Int32, _ rgb: (UInt8, UInt8, UInt8)) -> RGB? {
        guard !isDefault else { return nil }
        guard index >= 16 else { return RGB(rgb.0, rgb.1, rgb.2) }
        if index >= 232 {
            let grey = UInt8(8 + 10 * (index - 232))
            return RGB(grey, grey, grey)
        }
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        let cube = Int(index) - 16
        return RGB(levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
    }
}
