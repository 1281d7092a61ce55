import PanoCore

/// Every escape sequence Sidewalk sends, in one table, appended as bytes without building strings.
public enum EscapeSequence {
    /// DECSC: save cursor position and attributes.
    public static let saveCursor: [UInt8] = [0x1B, 0x37]
    /// DECRC: restore what DECSC saved.
    public static let restoreCursor: [UInt8] = [0x1B, 0x38]
    /// SGR 0: default colours and attributes.
    public static let resetAttributes: [UInt8] = Array("\u{1B}[0m".utf8)
    /// Back to the line's first column and erase it (CR, EL 0): a progress line written again.
    public static let rewriteLine: [UInt8] = Array("\r\u{1B}[K".utf8)
    /// SGR 49: the terminal's default background.
    public static let defaultBackground: [UInt8] = Array("\u{1B}[49m".utf8)
    /// Begin synchronized update (mode 2026): the terminal shows the frame only when it ends.
    /// What a full-screen program does first: the alternate screen, cleared, the cursor hidden
    /// (ncurses sends it to the terminal; a recording must carry it, so a player does too).
    public static let fullScreenOn: [UInt8] = Array("\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l".utf8)
    /// And last: the cursor shown, the screen the shell had given back.
    public static let fullScreenOff: [UInt8] = Array("\u{1B}[?25h".utf8) + leaveAlternateScreen
    /// Leaving the alternate screen (DEC private mode 1049 reset).
    public static let leaveAlternateScreen: [UInt8] = Array("\u{1B}[?1049l".utf8)
    public static let beginSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026h".utf8)
    /// End synchronized update (mode 2026).
    public static let endSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026l".utf8)
    /// xterm's button-event mouse tracking (mode 1002: motion is reported only while a button
    /// is held) in the SGR encoding (mode 1006: any column, press and release told apart).
    public static let mouseDragTrackingOn: [UInt8] = Array("\u{1B}[?1002h\u{1B}[?1006h".utf8)
    /// Mouse tracking off, in every mode Sidewalk or an earlier program may have turned on.
    public static let mouseTrackingOff: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)
    /// Carriage return and line feed: to the start of the next row.
    public static let nextLine: [UInt8] = [0x0D, 0x0A]

    /// ESC, which every sequence starts with.
    public static let escape: UInt8 = 0x1B
    /// ST (`ESC \`): the end of a string sequence (DCS, APC).
    public static let stringTerminator: [UInt8] = Array("\u{1B}\\".utf8)

    // Questions to the terminal (`TerminalProbe`; docs/terminals.md).

    /// DA1: every terminal answers it, so it is asked last.
    public static let deviceAttributesQuery: [UInt8] = Array("\u{1B}[c".utf8)
    /// Does the terminal read UTF-8? "é" (0xC3 0xA9 in UTF-8) written at row 2, column 1, then
    /// the cursor's position asked (CPR, `CSI 6 n`): a UTF-8 terminal answers column 2, one that
    /// takes each byte as a character column 3. Row 2, so the answer (`CSI 2 ; c R`) is never
    /// read as a key (F3 with modifiers is `CSI 1 ; m R`). The row is cleared after.
    public static let utf8Probe: [UInt8] = Array("\u{1B}[2;1H\u{E9}\u{1B}[6n\u{1B}[2;1H\u{1B}[2K".utf8)
    /// DSR 5, "are you there": answered `CSI 0 n` once the terminal has handled everything
    /// before it, so one after a frame says when the frame reached the screen (`LinkMeter`).
    public static let statusRequest: [UInt8] = Array("\u{1B}[5n".utf8)
    /// XTVERSION: the terminal's name and version.
    public static let versionQuery: [UInt8] = Array("\u{1B}[>q".utf8)
    /// Sets a 24-bit background, asks for it back with DECRQSS, and resets the attributes.
    public static func renditionReadBack(red: Int, green: Int, blue: Int) -> [UInt8] {
        Array("\u{1B}[48;2;\(red);\(green);\(blue)m\u{1B}P$qm".utf8) + stringTerminator + resetAttributes
    }
    /// XTGETTCAP for `names`, each hex-encoded as the request wants.
    public static func capabilityQuery(_ names: [String]) -> [UInt8] {
        let hex = names.map { name in name.utf8.map { String($0, radix: 16, uppercase: true) }.joined() }
        return Array("\u{1B}P+q\(hex.joined(separator: ";"))".utf8) + stringTerminator
    }
    /// `CSI 16 t` and `CSI 14 t`: a cell's and the text area's size in pixels.
    public static let pixelSizeQueries: [UInt8] = Array("\u{1B}[16t\u{1B}[14t".utf8)
    /// The start of a sixel image of `width`×`height` pixels (DCS q): `P2 = 1`, so pixels no
    /// colour sets keep what is there, and raster attributes for square pixels at that size.
    public static func sixelStart(width: Int, height: Int) -> [UInt8] {
        Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
    }

    /// The start of an iTerm2 inline image with `keys` (OSC 1337 File=); the base64 payload and
    /// BEL follow.
    public static func iTermImageStart(keys: String) -> [UInt8] {
        Array("\u{1B}]1337;File=\(keys):".utf8)
    }

    /// OSC 52: puts `text` on the system clipboard (`c`), where the terminal allows it (tmux
    /// passes it on with `set-clipboard on`).
    public static func copyToClipboard(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + Base64.encode(Array(text.utf8)) + [bell]
    }

    /// BEL, which ends an iTerm2 image.
    public static let bell: UInt8 = 0x07

    /// OSC 4 queries for the 16 ANSI colours, in one string; the terminal answers each.
    public static let ansiPaletteQuery: [UInt8] = Array(("\u{1B}]4;" + (0..<16).map { "\($0);?" }.joined(separator: ";") + "\u{1B}\\").utf8)
    /// XTSMGRAPHICS reads: the sixel colour registers, the largest sixel image now, and the
    /// largest it can be made (answered in this order).
    public static let sixelLimitsQueries: [UInt8] = Array("\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[?2;4;0S".utf8)
    /// kitty's graphics query: a 1×1 image (id 31) that is checked and not kept.
    public static let kittyGraphicsQuery: [UInt8] = kittyGraphicsCommand("i=31,s=1,v=1,a=q,t=d,f=24", payload: Array("AAAA".utf8)[...])

    // Pixel graphics (`KittyGraphics`).

    /// One kitty graphics command: `ESC _ G keys ; payload ST` (no `;` without a payload).
    public static func kittyGraphicsCommand(_ keys: String, payload: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        appendKittyGraphicsCommand(keys, payload: payload, to: &out)
        return out
    }

    /// The same command appended to `out`, with no bytes copied twice (a frame has hundreds).
    public static func appendKittyGraphicsCommand(_ keys: String, payload: ArraySlice<UInt8>, to out: inout [UInt8]) {
        out += "\u{1B}_G\(keys)".utf8
        if !payload.isEmpty {
            out.append(UInt8(ascii: ";"))
            out += payload
        }
        out += stringTerminator
    }

    /// CUP as bytes: the cursor to a zero-based row and column.
    public static func cursorPosition(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }

    /// CUP: move the cursor to a zero-based row and column.
    @inline(__always)
    static func appendCursorPosition(row: Int, column: Int, to out: inout ByteSink) {
        out.append(0x1B)
        out.append(0x5B)
        out.appendDecimal(row + 1)
        out.append(0x3B)
        out.appendDecimal(column + 1)
        out.append(0x48)
    }

    /// CUF: move the cursor right by `count` >= 1 columns.
    @inline(__always)
    static func appendCursorForward(_ count: Int, to out: inout ByteSink) {
        out.append(0x1B)
        out.append(0x5B)
        if count != 1 { out.appendDecimal(count) }
        out.append(0x43)
    }

    /// A colour as SGR can name it.
    public enum ColourCode: Equatable, Sendable {
        /// 24-bit: 38;2;R;G;B / 48;2;R;G;B.
        case rgb(RGB)
        /// xterm palette index 0...255: 38;5;N / 48;5;N.
        case palette(UInt8)
        /// ANSI colour 0...15: 30–37 and 90–97 / 40–47 and 100–107.
        case ansi(UInt8)
    }

    /// Longest SGR `appendColours` writes, bytes.
    static let longestColours = 40

    /// One SGR setting either colour or both; at least one must be given.
    @inline(__always)
    static func appendColours(foreground: ColourCode?, background: ColourCode?, to out: inout ByteSink) {
        out.append(0x1B)
        out.append(0x5B)
        if let foreground { appendColour(foreground, base: 30, to: &out) }
        if let background {
            if foreground != nil { out.append(0x3B) }
            appendColour(background, base: 40, to: &out)
        }
        out.append(0x6D)
    }

    /// The parameters for one colour; `base` is 30 for the foreground and 40 for the background.
    @inline(__always)
    private static func appendColour(_ code: ColourCode, base: Int, to out: inout ByteSink) {
        switch code {
        case .rgb(let colour):
            out.appendDecimal(base + 8)
            out.append(0x3B)
            out.append(0x32)
            out.append(0x3B)
            out.appendByteDecimal(colour.r)
            out.append(0x3B)
            out.appendByteDecimal(colour.g)
            out.append(0x3B)
            out.appendByteDecimal(colour.b)
        case .palette(let index):
            out.appendDecimal(base + 8)
            out.append(0x3B)
            out.append(0x35)
            out.append(0x3B)
            out.appendByteDecimal(index)
        case .ansi(let index):
            out.appendDecimal(index < 8 ? base + Int(index) : base + 60 + Int(index) - 8)
        }
    }
}
