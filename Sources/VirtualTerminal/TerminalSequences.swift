/// The bytes that pass between a terminal and a program, seen from the terminal's side: what its
/// keys send, and its answers to the program's questions. `TermRender.EscapeSequence` holds the
/// program's side.
package enum TerminalSequences {
    package static let escape: UInt8 = 0x1B

    /// A cursor key (`final` A-D, H, F): `ESC [ final`, `ESC O final` in application mode, or
    /// `ESC [ 1 ; modifier final` with a modifier held.
    package static func cursorKey(_ final: Character, application: Bool, modifier: Int) -> [UInt8] {
        if modifier > 1 { return Array("\u{1B}[1;\(modifier)\(final)".utf8) }
        return Array((application ? "\u{1B}O" : "\u{1B}[").utf8) + Array(String(final).utf8)
    }

    /// A key sent as `ESC [ number ~` (Page Up 5, Page Down 6), with `; modifier` when one is held.
    package static func tildeKey(_ number: Int, modifier: Int) -> [UInt8] {
        Array((modifier > 1 ? "\u{1B}[\(number);\(modifier)~" : "\u{1B}[\(number)~").utf8)
    }

    /// Shift-Tab.
    package static let backTab: [UInt8] = Array("\u{1B}[Z".utf8)

    /// The answer to device attributes (DA1): a VT220 with ANSI colour, as xterm says.
    package static let deviceAttributes: [UInt8] = Array("\u{1B}[?62;22c".utf8)

    /// The answer to a status request (DSR 5): the terminal is well.
    package static let statusOK: [UInt8] = Array("\u{1B}[0n".utf8)

    /// The answer to a cursor position report request (DSR 6), 1-based.
    package static func cursorPosition(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row);\(column)R".utf8)
    }
}
