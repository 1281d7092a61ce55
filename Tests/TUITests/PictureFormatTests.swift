import ExplorerView
import TUI
import TermRender
import Testing

@Suite("Which picture format a terminal gets, and the cell size its pixels are made for")
struct PictureFormatTests {
    static func capabilities(_ replies: [TerminalReply]) -> TerminalCapabilities {
        var capabilities = TerminalCapabilities()
        replies.forEach { capabilities.take($0) }
        return capabilities
    }

    /// xterm -ti vt340 in a 100×30 window of 8×17 cells: sixels, no window operations.
    static let vt340 = capabilities([
        .graphicsAttribute(item: 1, values: [1024]), .graphicsAttribute(item: 2, values: [800, 510]),
        .graphicsAttribute(item: 2, values: [1000, 1000]), .deviceAttributes([63, 1, 2, 4, 6])
    ])

    @Test("the cell size: as told, else the text area shared out, else the sixel area shared out when it is below its limit")
    func cellSize() {
        #expect(
            Self.capabilities([.cellSize(width: 9, height: 20), .textAreaSize(width: 1000, height: 1000)]).cellPixels(
                columns: 100, rows: 30)
                == PixelSize(width: 9, height: 20))
        #expect(
            Self.capabilities([.textAreaSize(width: 900, height: 600)]).cellPixels(columns: 100, rows: 30)
                == PixelSize(width: 9, height: 20))
        #expect(Self.vt340.cellPixels(columns: 100, rows: 30) == PixelSize(width: 8, height: 17))
        let capped = Self.capabilities([.graphicsAttribute(item: 2, values: [1000, 780]), .graphicsAttribute(item: 2, values: [1000, 1000])]
        )
        #expect(capped.cellPixels(columns: 200, rows: 60) == nil, "a window wider than the largest sixel says nothing of its cells")
        let refused = Self.capabilities([.graphicsAttribute(item: 2, values: []), .graphicsAttribute(item: 2, values: [1000, 1000])])
        #expect(
            refused.sixelArea == nil && refused.sixelAreaLimit == PixelSize(width: 1000, height: 1000),
            "answers are taken in the order asked")
        #expect(TerminalCapabilities().cellPixels(columns: 80, rows: 24) == nil)
    }

    @Test("XTSMGRAPHICS replies, successful or refused, are replies and not keys")
    func graphicsReplies() {
        var decoder = InputDecoder()
        let inputs = decoder.feed(Array("\u{1B}[?1;0;256S\u{1B}[?2;3;0S\u{1B}[?2;0;640;480S".utf8))
        #expect(
            inputs == [
                .reply(.graphicsAttribute(item: 1, values: [256])), .reply(.graphicsAttribute(item: 2, values: [])),
                .reply(.graphicsAttribute(item: 2, values: [640, 480]))
            ])
    }

    @Test("kitty, then iTerm2 images, then sixels, then symbols; nothing but symbols inside tmux or screen")
    func chosen() {
        let kitty = Self.capabilities([.kittyGraphics(message: "OK"), .cellSize(width: 9, height: 20), .deviceAttributes([62])])
        #expect(PictureFormat.chosen(for: kitty, environment: [:], columns: 80, rows: 24) == .kitty)
        #expect(PictureFormat.chosen(for: kitty, environment: ["TMUX": "/tmp/tmux-1/default,1,0"], columns: 80, rows: 24) == .symbols)
        #expect(PictureFormat.chosen(for: Self.vt340, environment: [:], columns: 100, rows: 30) == .sixels)
        #expect(PictureFormat.chosen(for: Self.vt340, environment: ["TERM": "screen.xterm-256color"], columns: 100, rows: 30) == .symbols)
        let wide = Self.capabilities([
            .graphicsAttribute(item: 2, values: [1000, 780]), .graphicsAttribute(item: 2, values: [1000, 1000]),
            .deviceAttributes([63, 4])
        ])
        #expect(PictureFormat.chosen(for: wide, environment: [:], columns: 200, rows: 60) == .symbols, "no cell size, no sixels")
        #expect(
            PictureFormat.chosen(for: TerminalCapabilities(), environment: ["TERM_PROGRAM": "iTerm.app"], columns: 80, rows: 24) == .iterm)
        let wezterm = Self.capabilities([.version("WezTerm 20240203-110809-5046fc22"), .deviceAttributes([65, 4, 6])])
        #expect(PictureFormat.chosen(for: wezterm, environment: [:], columns: 80, rows: 24) == .iterm)
        #expect(
            PictureFormat.chosen(for: Self.capabilities([.deviceAttributes([62, 22])]), environment: [:], columns: 80, rows: 24) == .symbols
        )
    }
}
