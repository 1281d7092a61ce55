import PanoCore

/// iTerm2's inline images (iterm2.com/documentation-images.html), also shown by WezTerm and
/// mintty: `OSC 1337 ; File=inline=1;… : base64 BEL`, scaled by the terminal to a size in cells.
public enum ITermImage {
    /// The bytes that show `png` over `columns`×`rows` cells from (`row`, `column`) (0-based),
    /// stretched to fill them. The cursor is moved there; where it ends is the terminal's choice
    /// (`doNotMoveCursor` is honoured by WezTerm only), so the cell frame after it positions
    /// its own writes. The base64 is made on `runner`'s workers.
    public static func place(
        png: [UInt8], row: Int, column: Int, columns: Int, rows: Int,
        runner: any ParallelRunner = SerialRunner()
    ) -> [UInt8] {
        var out = EscapeSequence.cursorPosition(row: row, column: column)
        let keys = "inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0;doNotMoveCursor=1"
        out += EscapeSequence.iTermImageStart(keys: keys)
        out += Base64.encode(png, runner: runner)
        out.append(EscapeSequence.bell)
        return out
    }
}
