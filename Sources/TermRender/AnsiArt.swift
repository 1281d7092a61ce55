/// A cell grid as ANSI art: a text file of its rows, each cell's colours set by SGR codes and
/// every row ending with a reset and a newline, so `cat` shows it in any terminal and it can be
/// pasted into a message. No cursor movement, no screen modes.
public enum AnsiArt {
    /// The grid's bytes in `colorMode` (in `.none`, characters by brightness and no escapes).
    public static func encode(_ grid: CellGrid, colorMode: ColorMode) -> [UInt8] {
        var out: [UInt8] = []
        var scratch: [UInt8] = []
        // Per cell at most one SGR and a 4-byte glyph; per row a reset and a newline.
        let capacity = grid.cells.count * (EscapeSequence.longestColours + 4) + grid.rows * 8 + 16
        ByteSink.write(into: &out, scratch: &scratch, capacity: capacity) { sink in
            for row in 0..<grid.rows {
                var writer = SGRWriter(colorMode: colorMode, tolerance: -1)
                for column in 0..<grid.columns {
                    let cell = grid[column, row]
                    guard cell.glyph != Cell.continuation else { continue }
                    let shown = writer.setColours(for: writer.cheapestGlyph(for: writer.target(for: cell)), out: &sink)
                    sink.appendUTF8(shown.glyph)
                }
                if writer.changedAttributes { sink.append(contentsOf: EscapeSequence.resetAttributes) }
                sink.append(0x0A)
            }
        }
        return out
    }
}
