import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// The screen as a user sees it: each cell's character and its colours as the terminal shows
/// them (sRGB; a terminal's default colours taken as white on black), for expectations on what
/// is perceived beyond text: contrast, colours, golden screens.
package struct ScreenCells: Equatable, Sendable {
    package struct Cell: Equatable, Sendable {
        package var glyph: Unicode.Scalar
        package var foreground: RGB
        package var background: RGB

        package init(glyph: Unicode.Scalar, foreground: RGB, background: RGB) {
            (self.glyph, self.foreground, self.background) = (glyph, foreground, background)
        }
    }

    package let columns: Int
    package let rows: Int
    /// Row after row, `columns` each.
    package let cells: [Cell]

    package init(columns: Int, rows: Int, cells: [Cell]) {
        (self.columns, self.rows, self.cells) = (columns, rows, cells)
    }

    package subscript(column: Int, row: Int) -> Cell { cells[row * columns + column] }

    /// What a glyph is, for contrast: text (WCAG 1.4.3, 4.5:1), a symbol read as a shape (1.4.11,
    /// 3:1: arrows, pins, the home sign), or graphics (the picture's blocks, the map's braille
    /// lines, box drawing), which are not held to a ratio; a space shows no foreground.
    package enum Kind: Equatable, Sendable {
        case text, symbol, graphics, space
    }

    package static func kind(of glyph: Unicode.Scalar) -> Kind {
        switch glyph.value {
        case 0...0x20, 0xA0: .space
        case 0x2500...0x259F, 0x2800...0x28FF, 0x1FB00...0x1FBFF: .graphics
        case 0x2190...0x21FF, 0x2300...0x23FF, 0x25A0...0x25FF, 0x2600...0x27BF: .symbol
        default: .text
        }
    }

    /// The cells of the focused label: from the focus mark (`Perceived.focusMark`) on, while the
    /// background stays the mark's; nil when no label is marked.
    package var focusedLabel: [(column: Int, row: Int, cell: Cell)]? {
        let mark = Perceived.focusMark.unicodeScalars.first!
        guard let start = cells.firstIndex(where: { $0.glyph == mark }) else { return nil }
        let (row, first) = (start / columns, start % columns)
        var label = [(column: first, row: row, cell: cells[start])]
        var column = first + 1
        while column < columns, self[column, row].background == cells[start].background {
            label.append((column, row, self[column, row]))
            column += 1
        }
        return label
    }
}

/// The contrast ratio of WCAG 2.x (its definitions of relative luminance and contrast ratio):
/// (L1 + 0.05) / (L2 + 0.05), from 1 (the same colour) to 21 (black on white).
package enum ContrastRatio {
    /// Relative luminance of an sRGB colour, 0...1.
    package static func luminance(_ colour: RGB) -> Double {
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)
    }

    /// The ratio between two colours, 1...21, whichever is lighter.
    package static func of(_ a: RGB, _ b: RGB) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
