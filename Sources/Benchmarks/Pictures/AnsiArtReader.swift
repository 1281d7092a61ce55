import PanoCore
import TermRender

/// Reads ANSI art (rows of characters with SGR colour codes, as `AnsiArt` and chafa write it)
/// back into cells, for measuring another program's rendering the way Sidewalk's is measured.
/// Understands SGR colours (24-bit, 256, 16, defaults, reverse) and newlines; any other escape
/// sequence is skipped. The default colours are white on black.
package enum AnsiArtReader {
    package static func read(_ bytes: [UInt8], columns: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        var foreground: RGB?
        var background: RGB?
        var reverse = false
        var (row, column) = (0, 0)
        let text = String(decoding: bytes, as: UTF8.self).unicodeScalars
        var index = text.startIndex
        while index < text.endIndex {
            let scalar = text[index]
            index = text.index(after: index)
            switch scalar {
            case Unicode.Scalar(EscapeSequence.escape):
                guard index < text.endIndex, text[index] == "[" else { continue }
                var parameters = ""
                index = text.index(after: index)
                while index < text.endIndex, (0x20...0x3F).contains(text[index].value) {
                    parameters.unicodeScalars.append(text[index])
                    index = text.index(after: index)
                }
                guard index < text.endIndex else { break }
                let final = text[index]
                index = text.index(after: index)
                if final == "m" { applySGR(parameters, foreground: &foreground, background: &background, reverse: &reverse) }
            case "\n":
                row += 1
                column = 0
            case "\r": column = 0
            default:
                guard scalar.value >= 0x20, row < rows, column < columns else { continue }
                let (front, back) = (foreground ?? .white, background ?? .black)
                grid[column, row] = Cell(glyph: scalar, foreground: reverse ? back : front, background: reverse ? front : back)
                column += 1
            }
        }
        return grid
    }

    private static func applySGR(_ parameters: String, foreground: inout RGB?, background: inout RGB?, reverse: inout Bool) {
        let codes = parameters.isEmpty ? [0] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var i = 0
        while i < codes.count {
            let code = codes[i]
            switch code {
            case 0: (foreground, background, reverse) = (nil, nil, false)
            case 7: reverse = true
            case 27: reverse = false
            case 39: foreground = nil
            case 49: background = nil
            case 30...37: foreground = ColorPalette.ansi16[code - 30]
            case 90...97: foreground = ColorPalette.ansi16[code - 90 + 8]
            case 40...47: background = ColorPalette.ansi16[code - 40]
            case 100...107: background = ColorPalette.ansi16[code - 100 + 8]
            case 38, 48:
                var colour: RGB?
                if i + 2 < codes.count, codes[i + 1] == 5 {
                    colour = ColorPalette.xterm256[min(max(codes[i + 2], 0), 255)]
                    i += 2
                } else if i + 4 < codes.count, codes[i + 1] == 2 {
                    colour = RGB(UInt8(clamping: codes[i + 2]), UInt8(clamping: codes[i + 3]), UInt8(clamping: codes[i + 4]))
                    i += 4
                }
                if code == 38 { foreground = colour } else { background = colour }
            default: break
            }
            i += 1
        }
    }
}
