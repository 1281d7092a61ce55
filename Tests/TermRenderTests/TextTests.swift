import PanoCore
import TermRender
import TestSupport
import Testing
import TextSafety
import VirtualTerminal

@Suite("Text to the terminal")
struct TextTests {
    @Test("wrapped at spaces within the limit, by display width; a word longer than the limit stands alone")
    func wrapping() {
        #expect(
            TextLayout.wrapped("take way 1 ... 9: 1 is the way ahead on arrival, then clockwise", limit: 58)
                == ["take way 1 ... 9: 1 is the way ahead on arrival, then", "clockwise"])
        #expect(TextLayout.wrapped("Café Aurora 10 metres", limit: 11) == ["Café Aurora", "10 metres"], "é is one column")
        #expect(TextLayout.wrapped("a verylongword b", limit: 4) == ["a", "verylongword", "b"])
        #expect(TextLayout.wrapped("", limit: 10) == [""])
    }

    @Test(
        "controls, escapes and bidi overrides never pass the sanitiser",
        arguments: [
            "\u{1B}]0;pwned\u{07}", "\u{1B}]52;c;aGVsbG8=\u{07}", "\u{1B}[2J", "\u{9B}2J", "a\rb", "\u{202E}evil", "nul\u{0}", "\u{7F}"
        ])
    func sanitises(input: String) {
        let clean = TextSanitizer.sanitize(input)
        #expect(!clean.unicodeScalars.contains { TextSanitizer.isForbidden($0) })
    }

    @Test("ordinary text, including non-ASCII, passes unchanged")
    func keepsText() {
        #expect(TextSanitizer.sanitize("Café Aurora · 5th Ave · 東京") == "Café Aurora · 5th Ave · 東京")
        #expect(TextSanitizer.sanitize("a\tb\nc") == "a b c")
        #expect(TextSanitizer.sanitize(bytes: [0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
    }

    @Test("text is clipped to its width, wide characters counted as two columns")
    func clipping() {
        var grid = CellGrid(columns: 10, rows: 1)
        let used = TextLayout.draw("東京 station", into: &grid, row: 0, column: 0, width: 6, foreground: .white, background: .black)
        #expect(used == 6)
        #expect(grid[0, 0].glyph == "東" && grid[1, 0].glyph == Cell.continuation)
        #expect(grid[5, 0].glyph == "s")
        #expect(grid[6, 0] == Cell.blank, "nothing spills past the width")
        let straddle = TextLayout.draw("ab東", into: &grid, row: 0, column: 0, width: 3, foreground: .white, background: .black)
        #expect(straddle == 2, "a wide character that would straddle the edge is left out")
    }

    @Test("a terminal below the minimum size gets a notice, not a view")
    func tooSmall() {
        var composer = FrameComposer()
        let panorama = EquirectPanorama(image: RGBImage(width: 8, height: 4))
        let frame = composer.compose(panorama: panorama, camera: PanoramaCamera(), columns: 12, rows: 3, statusLeft: "", statusRight: "")
        let text = String(String.UnicodeScalarView(frame.cells.map(\.glyph)))
        // At 12 columns the longer forms do not fit: the size needed is what is kept.
        #expect(text.contains("Need 20×4"))
        #expect(!frame.cells.contains { $0.glyph == Cell.upperHalfBlock })
        let wide = composer.compose(panorama: panorama, camera: PanoramaCamera(), columns: 40, rows: 3, statusLeft: "", statusRight: "")
        #expect(String(String.UnicodeScalarView(wide.cells.map(\.glyph))).contains("Terminal too small: need 20×4"))
    }
}

@Suite("Sanitiser against terminal attacks")
struct SanitiserAttackTests {
    @Test(
        "each attack reaches a model terminal as inert text",
        arguments: [
            ("OSC 0 title", "\u{1B}]0;owned\u{07}"), ("OSC 52 clipboard", "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"),
            ("OSC 8 hyperlink", "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\"),
            ("CSI 2J", "\u{1B}[2J"), ("C1 CSI", "\u{9B}2J"), ("CR", "over\rwrite"), ("RLO", "abc\u{202E}fed"),
            ("NUL", "a\u{0}b"), ("BEL", "ring\u{07}"), ("DEL", "x\u{7F}y"), ("isolate", "\u{2067}x\u{2069}")
        ])
    func inert(name: String, attack: String) {
        var grid = CellGrid(columns: 60, rows: 1)
        TextLayout.draw("before " + attack + " after", into: &grid, row: 0, column: 0, width: 60, foreground: .white, background: .black)
        var encoder = FrameEncoder()
        var bytes: [UInt8] = []
        encoder.encode(grid, into: &bytes)
        var terminal = VirtualScreen(columns: 60, rows: 1)
        terminal.feed(bytes)
        #expect(terminal.unknown.isEmpty, "\(name): \(terminal.unknown)")
        let shown = String(String.UnicodeScalarView((0..<60).map { terminal[$0, 0].glyph }))
        #expect(shown.hasPrefix("before "), "\(name): \(shown)")
        #expect(shown.contains(" after"), "\(name): the rest of the line survives")
        // The only escapes are the encoder's own: synchronized update, cursor save/restore, CUP, SGR.
        let escapes = bytes.indices.filter { bytes[$0] == 0x1B }.count
        #expect(escapes <= 8, "\(name): \(escapes) escapes")
    }

    @Test("invalid UTF-8 becomes U+FFFD; wide and combining characters keep their columns")
    func widths() {
        #expect(TextSanitizer.sanitize(bytes: [0x41, 0xC3, 0x28, 0xE2, 0x82]) == "A\u{FFFD}(\u{FFFD}")
        #expect(TextLayout.width(of: "e\u{301}") == 1)
        #expect(TextLayout.width(of: "漢字") == 4)
        #expect(TextLayout.width(of: "👍") == 2)
    }

    @Test(
        "emoji and other wide code points take two columns, as the terminal draws them (they were counted as one)",
        arguments: ["🚀", "⚡", "✅", "☕", "⌚", "🗾", "東", "한", "ｱ"])
    func wideCodePoints(text: String) {
        #expect(TextLayout.width(of: text) == (text == "ｱ" ? 1 : 2), "\(text)")
    }

    @Test("combining marks, zero-width joiners and spaces, and variation selectors take no column")
    func zeroWidth() {
        for scalar: Unicode.Scalar in ["\u{301}", "\u{200D}", "\u{200B}", "\u{FE0F}", "\u{20E3}"] {
            #expect(DisplayWidth.of(scalar) == 0, "U+\(String(scalar.value, radix: 16))")
        }
        #expect(TextLayout.width(of: "Cafe\u{301} \u{200D}") == 5)
    }
}

@Suite("Blending between panoramas")
struct BlendTests {
    static func uniform(_ colour: RGB) -> EquirectPanorama {
        var image = RGBImage(width: 64, height: 32)
        for y in 0..<32 { for x in 0..<64 { image[x, y] = colour } }
        return EquirectPanorama(image: image)
    }

    @Test(
        "the frame shows the old view at 0, the new at 1, and a mix between",
        arguments: [
            (0.0, RGB(200, 0, 0)), (0.5, RGB(100, 0, 100)), (1.0, RGB(0, 0, 200))
        ] as [(Double, RGB)])
    func blend(amount: Double, expected: RGB) {
        var composer = FrameComposer()
        let frame = composer.compose(
            panorama: Self.uniform(RGB(0, 0, 200)), camera: PanoramaCamera(), columns: 30, rows: 8,
            statusLeft: "", statusRight: "",
            blend: FrameComposer.Blend(from: Self.uniform(RGB(200, 0, 0)), camera: PanoramaCamera(), amount: amount))
        let cell = frame[15, 3]
        #expect(cell.foreground == expected && cell.background == expected)
    }

    /// A walk reads as a step forward when the view arriving comes in from wider than its camera
    /// (the old one zooming in as it fades), not as two pictures at two scales.
    @Test("the arriving view is drawn magnified as the blend says: at the blend's end, the camera magnified that much")
    func arrivingMagnification() {
        var image = RGBImage(width: 256, height: 128)
        for y in 0..<128 { for x in 0..<256 { image[x, y] = x % 16 < 8 ? RGB(250, 250, 250) : RGB(0, 0, 0) } }
        let (panorama, camera) = (EquirectPanorama(image: image), PanoramaCamera(heading: 10, zoom: 2))
        func frame(_ camera: PanoramaCamera, blend: FrameComposer.Blend?) -> CellGrid {
            var composer = FrameComposer()
            return composer.compose(
                panorama: panorama, camera: camera, columns: 60, rows: 10, statusLeft: "", statusRight: "", blend: blend)
        }
        let wider = frame(camera.magnified(by: 0.7), blend: nil)
        let blended = frame(
            camera, blend: FrameComposer.Blend(from: Self.uniform(RGB(200, 0, 0)), camera: camera, amount: 1, arrivingMagnification: 0.7))
        #expect(blended.cells == wider.cells)
        #expect(blended.cells != frame(camera, blend: nil).cells, "the stripes are drawn wider apart at the camera's own zoom")
    }
}

@Suite("Labels over the view")
struct OverlayTests {
    static func text(_ frame: CellGrid, row: Int) -> String {
        String(String.UnicodeScalarView((0..<frame.columns).map { frame[$0, row].glyph }))
    }

    /// `overlays` drawn over a 40×12-cell frame of a black panorama, looking east (heading 90°,
    /// level), with or without the header row; the composer keeps where it placed them.
    static func drawn(_ overlays: [FrameComposer.Overlay], header: Bool) -> (FrameComposer, CellGrid) {
        var composer = FrameComposer()
        let camera = PanoramaCamera(heading: 90)
        _ = composer.compose(
            panorama: EquirectPanorama(image: RGBImage(width: 64, height: 32)), camera: camera, columns: 40, rows: 12,
            statusLeft: "", statusRight: "")
        let frame = composer.drawOverlays(overlays, camera: camera, header: header)
        return (composer, frame)
    }

    @Test("a label ahead sits at the centre; one behind is a hint at the edge on the side to turn; markers out of view are hidden")
    func placement() {
        let (composer, frame) = Self.drawn(
            [
                FrameComposer.Overlay(label: "A", direction: Orientation(heading: 90, pitch: 0), hintWhenOutOfView: true),
                FrameComposer.Overlay(label: "B", direction: Orientation(heading: 200, pitch: 0), hintWhenOutOfView: true),
                FrameComposer.Overlay(label: "C", direction: Orientation(heading: 340, pitch: 0), hintWhenOutOfView: true),
                FrameComposer.Overlay(label: "D", direction: Orientation(heading: 270, pitch: 0), hintWhenOutOfView: false)
            ], header: false)
        let rows = (0..<11).map { Self.text(frame, row: $0) }
        #expect(rows.contains { $0.hasPrefix("◀ C") }, "340° is a turn left from 90°")
        #expect(rows.contains { $0.hasSuffix("B ▶") }, "200° is a turn right from 90°")
        #expect(frame[20, 5].glyph == "A" || frame[19, 5].glyph == "A", "straight ahead: the centre")
        #expect(!rows.joined().contains("D"), "a marker out of view is hidden")
        // Each label drawn is recorded where it is, by its index, so a click can find it.
        #expect(composer.placedOverlays.map(\.index).sorted() == [0, 1, 2])
        for placed in composer.placedOverlays {
            let text = String(Self.text(frame, row: placed.row).unicodeScalars.map(Character.init)[placed.columns])
            #expect(text.contains(["A", "B", "C"][placed.index]), "\(placed) covers \(text)")
        }
    }

    @Test("across from you but above or below the view: a hint at the top or bottom edge over it, not at the side")
    func aboveAndBelow() {
        let (composer, frame) = Self.drawn(
            [
                FrameComposer.Overlay(label: "tower", direction: Orientation(heading: 100, pitch: 70), hintWhenOutOfView: true),
                FrameComposer.Overlay(label: "well", direction: Orientation(heading: 80, pitch: -70), hintWhenOutOfView: true)
            ], header: true)
        let rows = (0..<12).map { Self.text(frame, row: $0) }
        #expect(rows[1].contains("▲ tower"), "the top row of the view, under the header: \(rows[1])")
        #expect(rows[10].contains("well ▼"), "the bottom row of the view, over the status line: \(rows[10])")
        #expect(!rows.joined().contains("◀") && !rows.joined().contains("▶"), "no sideways hint for what is across from you")
        let tower = rows[1].unicodeScalars.map(Character.init).firstIndex(of: "t") ?? 0
        let well = rows[10].unicodeScalars.map(Character.init).firstIndex(of: "w") ?? 0
        #expect(tower > well, "the tower is right of ahead, the well left")
        #expect(composer.placedOverlays.map(\.row).sorted() == [1, 10])
    }

    @Test("a marker's pin is a disc of its angular size, so a nearer marker's is larger; its label sits below it")
    func pins() throws {
        func pinPixels(radius: Double) -> (count: Int, labelRow: Int?) {
            var composer = FrameComposer()
            let camera = PanoramaCamera()
            _ = composer.compose(
                panorama: EquirectPanorama(image: RGBImage(width: 64, height: 32)), camera: camera, columns: 80, rows: 30,
                statusLeft: "", statusRight: "")
            let frame = composer.drawOverlays(
                [
                    FrameComposer.Overlay(
                        label: "pin", direction: Orientation(heading: 0, pitch: 0), hintWhenOutOfView: false, pinRadius: radius)
                ], camera: camera, header: false)
            var red = 0
            for row in 0..<29 {
                for column in 0..<80 {
                    guard let halves = frame[column, row].halves else { continue }
                    red += [halves.top, halves.bottom].filter { $0 == RGB(226, 60, 50) }.count
                }
            }
            return (red, (0..<29).first { Self.text(frame, row: $0).contains("pin") })
        }
        let near = pinPixels(radius: 4)
        let far = pinPixels(radius: 1)
        // At 80 columns and 90°, the focal length is 40 pixels: radius 4° is 2.8 pixels, 1° is
        // 0.7, drawn at the smallest size, 0.8.
        #expect(near.count >= 20 && near.count <= 30, "π × 2.8² ≈ 25 pixels: \(near.count)")
        #expect(far.count >= 1 && far.count <= 4, "\(far.count)")
        let nearRow = try #require(near.labelRow)
        let farRow = try #require(far.labelRow)
        #expect(nearRow > 14 && nearRow >= farRow, "below the pin at the centre (row 14.5)")
        #expect(pinPixels(radius: 0).count == 0, "no pin without a radius")
    }

    @Test(
        "a panel in a window too short for its lines shows what fits (the soak found it trapping at 4 rows)",
        arguments: [(20, 4), (20, 5), (20, 6), (40, 12)])
    func panelInASmallWindow(columns: Int, rows: Int) {
        var composer = FrameComposer()
        _ = composer.compose(
            panorama: EquirectPanorama(image: RGBImage(width: 64, height: 32)), camera: PanoramaCamera(),
            columns: columns, rows: rows, statusLeft: "", statusRight: "")
        let frame = composer.drawPanel(title: "Keys", lines: (1...15).map { "line \($0)" })
        let text = (0..<rows).map { Self.text(frame, row: $0) }.joined(separator: "\n")
        #expect(text.contains("Keys") || rows < 5, "\(text)")
        #expect(text.contains("line 1") == (rows >= 6), "\(text)")
    }

    @Test("labels that would overlap move down a row instead")
    func noOverlap() {
        var composer = FrameComposer()
        let camera = PanoramaCamera()
        _ = composer.compose(
            panorama: EquirectPanorama(image: RGBImage(width: 64, height: 32)), camera: camera, columns: 40, rows: 12,
            statusLeft: "", statusRight: "")
        let frame = composer.drawOverlays(
            [
                FrameComposer.Overlay(label: "first label", direction: Orientation(heading: 0, pitch: 0), hintWhenOutOfView: false),
                FrameComposer.Overlay(label: "second one", direction: Orientation(heading: 1, pitch: 0), hintWhenOutOfView: false)
            ], camera: camera, header: false)
        let rows = (0..<11).map { Self.text(frame, row: $0) }
        #expect(rows.contains { $0.contains("first label") } && rows.contains { $0.contains("second one") })
    }
}

@Suite("Compass strip")
struct CompassStripTests {
    @Test(
        "hidden facing north; otherwise the point faced is under the middle marker",
        arguments: [
            (0.0, nil), (359.6, nil), (90.0, "E"), (225.0, "S"), (45.0, "N")
        ] as [(Double, String?)])
    func strip(heading: Double, centre: String?) throws {
        let text = CompassStrip.text(heading: heading, width: 25)
        guard let centre else {
            #expect(text == nil)
            return
        }
        let strip = try #require(text)
        #expect(strip.count == 27 && strip.hasPrefix("[") && strip.hasSuffix("]"))
        let middle = strip[strip.index(strip.startIndex, offsetBy: 13)]
        if heading.truncatingRemainder(dividingBy: 90) == 0 {
            #expect(String(middle) == centre, "\(strip)")
        } else {
            #expect(strip.contains(centre), "\(strip)")
        }
    }

    @Test("a point that does not fit whole at an edge is left out: NE cut to E would read as east", arguments: [9, 17, 25])
    func nothingCut(width: Int) throws {
        for heading in stride(from: 1.0, to: 360, by: 1) {
            let strip = try #require(CompassStrip.text(heading: heading, width: width))
            let names = strip.dropFirst().dropLast().split(whereSeparator: { $0 == "·" || $0 == "|" }).map(String.init)
            let expected = Set(["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
            #expect(names.allSatisfy(expected.contains), "\(heading)°: \(strip)")
            // Each point shown stands where its heading is: no second E beside the real one.
            #expect(Set(names).count == names.count, "\(heading)°: \(strip)")
        }
    }
}
