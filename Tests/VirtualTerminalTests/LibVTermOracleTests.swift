import Foundation
import PanoCore
import TermRender
import TestSupport
import Testing
import VirtualTerminal

/// `VirtualScreen` held to libvterm (neovim's terminal, written apart from ours): the same bytes
/// must give the same cells, characters and colours, both for sequences a full-screen program
/// uses and for everything the frame encoder writes in every colour mode and symbol set.
@Suite("The terminal model against libvterm")
struct LibVTermOracleTests {
    static let (columns, rows) = (12, 5)

    /// Every cell where the two differ, as "column,row: ours vs libvterm".
    static func differences(_ ours: VirtualScreen, _ oracle: LibVTerm) -> [String] {
        var found: [String] = []
        for row in 0..<ours.rows {
            // libvterm gives the right half of a wide character no colours of its own: only its glyph counts.
            for column in 0..<ours.columns
            where ours[column, row] != oracle[column, row]
                && !(ours[column, row].glyph == Cell.continuation && oracle[column, row].glyph == Cell.continuation)
            {
                found.append("\(column),\(row): \(ours[column, row]) vs \(oracle[column, row])")
            }
        }
        return found
    }

    static let corpus: [(String, String)] = [
        ("text wrapping at the last column", "0123456789abcdefgh"),
        ("line feeds scrolling at the bottom", "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7"),
        ("cursor addressing", "\u{1B}[2;4Hx\u{1B}[1;1Hy\u{1B}[5;12Hz\u{1B}[9;99Hw"),
        ("relative moves and absolute column and row", "\u{1B}[3;1Hz\u{1B}[A\u{1B}[Cy\u{1B}[2Dq\u{1B}[4Gw\u{1B}[2dv"),
        ("erasing in the current background", "\u{1B}[44mabcdef\u{1B}[1;3H\u{1B}[K\u{1B}[3;5H\u{1B}[41m\u{1B}[1K\u{1B}[4;1H\u{1B}[0J"),
        ("erasing the whole screen in a colour", "abc\r\ndef\u{1B}[42m\u{1B}[2J\u{1B}[3;3Hx"),
        ("deleting, inserting and erasing characters", "\u{1B}[45mabcdefghij\u{1B}[1;2H\u{1B}[2P\u{1B}[1@\u{1B}[1;7H\u{1B}[2X"),
        ("lines inserted and deleted in a scrolling region", "a\r\nb\r\nc\r\nd\r\ne\u{1B}[2;4r\u{1B}[2;1H\u{1B}[L\u{1B}[4;1H\u{1B}[M"),
        ("a scrolling region scrolled by line feeds, S and T", "top\u{1B}[2;4r\u{1B}[4;1Hx\ny\nz\u{1B}[S\u{1B}[2T"),
        ("reverse index at the top of the region", "a\r\nb\u{1B}[1;1H\u{1B}M\u{1B}M"),
        ("cursor saved and restored", "ab\u{1B}7\u{1B}[3;3Hc\u{1B}8d"),
        (
            "the 16 colours, the 256 and RGB, foreground and background, and their resets",
            "\u{1B}[31mr\u{1B}[92mg\u{1B}[43mb\u{1B}[104mB\u{1B}[38;5;196mX\u{1B}[48;5;21mY\u{1B}[38;5;244mZ\u{1B}[38;2;1;2;3mW"
                + "\u{1B}[48;2;250;128;0mV\u{1B}[39mU\u{1B}[49mT\u{1B}[0mS\u{1B}[38;5;3;48;5;232mQ\u{1B}[mP"
        ),
        ("wide characters, and one that does not fit the last column", "東京x\r\n0123456789a東"),
        ("tabs and backspaces", "a\tb\tc\r\nabc\u{08}\u{08}X"),
        ("the alternate screen, entered and left", "main\u{1B}[?1049h\u{1B}[Halt\u{1B}[2;2Hscreen\u{1B}[?1049lX"),
        // libvterm 0.1 does not know APC (kitty's images), so VirtualScreenTests alone checks that.
        ("titles, clipboard and DCS read and dropped", "a\u{1B}]0;title\u{07}b\u{1B}]52;c;eA==\u{1B}\\c\u{1B}P$qm\u{1B}\\d"),
        ("a reset", "abc\u{1B}[41mdef\u{1B}cX")
    ]

    /// `text` fed to our model and to libvterm, each `columns`×`rows`: ours, and where they differ.
    static func played(_ text: String) -> (ours: VirtualScreen, differences: [String]) {
        var ours = VirtualScreen(columns: columns, rows: rows)
        let oracle = LibVTerm(columns: columns, rows: rows)
        ours.feed(Array(text.utf8))
        oracle.feed(Array(text.utf8))
        return (ours, differences(ours, oracle))
    }

    @Test("sequences a full-screen program uses give the same screen", arguments: corpus)
    func corpusMatches(name: String, text: String) {
        let (ours, differences) = Self.played(text)
        #expect(ours.unknown.isEmpty, "\(name): \(ours.unknown)")
        #expect(differences.isEmpty, "\(name): \(differences.prefix(4))")
    }

    static let resizes: [(String, String, (columns: Int, rows: Int), String)] = [
        ("grown both ways: the text stays at the top left", "\u{1B}[44mab\r\ncd", (20, 8), "\u{1B}[8;20Hx\u{1B}[1;15Hy"),
        ("narrower: lines cut at the new width", "0123456789ab\r\nxyz", (6, 5), "Q\u{1B}[1;6HR"),
        ("shorter below the cursor: the rows under it go", "1\r\n2\u{1B}[H", (12, 2), "z"),
        ("shorter above the cursor: the top rows go and its line stays", "1\r\n2\r\n3\r\n4", (12, 2), "z\r\nw"),
        ("smaller both ways, then written on", "\u{1B}[41m0123456789ab\r\nline two\r\n3", (5, 3), "\u{1B}[0mend"),
        ("narrower through a wide character", "abcd\u{6F22}x\r\nab\u{6F22}", (5, 4), "")
    ]

    // Where a terminal gets shorter with text below the cursor, libvterm keeps the bottom rows and
    // tmux the top ones (it deletes rows below the cursor first): `shorterKeepsTheTopAsTmuxDoes`.
    @Test("a resized terminal keeps what it showed, as libvterm does (lines not reflowed)", arguments: resizes)
    func resizedMatches(name: String, before: String, size: (columns: Int, rows: Int), after: String) {
        var ours = VirtualScreen(columns: Self.columns, rows: Self.rows)
        let oracle = LibVTerm(columns: Self.columns, rows: Self.rows)
        ours.feed(Array(before.utf8))
        oracle.feed(Array(before.utf8))
        ours = ours.resized(columns: size.columns, rows: size.rows)
        oracle.resize(columns: size.columns, rows: size.rows)
        ours.feed(Array(after.utf8))
        oracle.feed(Array(after.utf8))
        let differences = Self.differences(ours, oracle)
        #expect(differences.isEmpty, "\(name): \(differences.prefix(4))")
    }

    @Test("shorter with text below the cursor, the rows below it go first, as in tmux (its screen_resize_y)")
    func shorterKeepsTheTopAsTmuxDoes() throws {
        let bytes = "1\r\n2\r\n3\r\n4\u{1B}[H"
        let tmux = try TmuxSession(command: "printf '1\\r\\n2\\r\\n3\\r\\n4\\033[H'", columns: 12, rows: 5)
        defer { tmux.close() }
        #expect(try tmux.waitUntil { try tmux.capture().contains("4") })
        try tmux.resize(columns: 12, rows: 2)
        let lines = { try tmux.capture().split(separator: "\n", omittingEmptySubsequences: false).prefix(2).map(String.init) }
        #expect(try tmux.waitUntil { try lines().first?.hasPrefix("1") == true && tmux.capture().split(separator: "\n").count <= 2 })
        var ours = VirtualScreen(columns: 12, rows: 5)
        ours.feed(Array(bytes.utf8))
        ours = ours.resized(columns: 12, rows: 2)
        let ourLines = ours.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(ourLines == (try lines()).map { $0.trimmingCharacters(in: .whitespaces) })
    }

    @Test(
        "every frame the encoder writes, pans, zooms and status changes, shows the same in both",
        arguments: ColorMode.allCases, SymbolSet.allCases)
    func encoderFrames(mode: ColorMode, symbols: SymbolSet) {
        var generator = SeededGenerator(seed: 7)
        let panorama = EquirectPanorama(image: NaturalTexture.panorama(width: 256, seed: 3))
        var composer = FrameComposer()
        composer.symbols = symbols
        var encoder = FrameEncoder(colorMode: mode, motionTolerance: 12)
        var ours = VirtualScreen(columns: 31, rows: 11)
        let oracle = LibVTerm(columns: 31, rows: 11)
        var camera = PanoramaCamera()
        var bytes: [UInt8] = []
        for step in 0..<30 {
            camera.heading += Double.random(in: -6...6, using: &generator)
            camera.pitch += Double.random(in: -3...3, using: &generator)
            if step % 7 == 3 { camera.zoom *= Bool.random(using: &generator) ? 1.3 : 0.8 }
            let status = step % 3 == 0 ? "東京 \(step) ü" : "Heading \(Int(camera.heading))°"
            let frame = composer.compose(
                panorama: panorama, camera: camera, columns: 31, rows: 11, statusLeft: status, statusRight: "q quit")
            encoder.encode(frame, quality: step % 4 == 3 ? .exact : .motion, into: &bytes)
            ours.feed(bytes)
            oracle.feed(bytes)
            let differences = Self.differences(ours, oracle)
            #expect(differences.isEmpty, "step \(step): \(differences.count) cells differ: \(differences.prefix(3))")
            if !differences.isEmpty { return }
        }
        #expect(ours.unknown.isEmpty, "\(ours.unknown)")
    }
}
