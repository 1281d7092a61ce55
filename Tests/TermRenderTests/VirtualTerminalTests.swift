import PanoCore
import TermRender
import TestSupport
import Testing
import VirtualTerminal

/// Random frame sequences through the encoder and into a model terminal: after every frame the
/// terminal must show exactly what the encoder believes it shows, and after every exact frame
/// that must be the intended picture.
@Suite("Encoder against a model terminal")
struct VirtualTerminalTests {
    /// A deterministic pseudo-random generator (xorshift), so failures repeat.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func colour() -> RGB { RGB(UInt8(below(256)), UInt8(below(256)), UInt8(below(256))) }
    }

    static let size = (columns: 23, rows: 9)

    /// A panorama of random blobs, to pan across.
    static func randomPanorama(_ random: inout Random) -> EquirectPanorama {
        var image = RGBImage(width: 128, height: 64)
        for y in 0..<64 {
            for x in 0..<128 {
                let band = (x / (4 + random.below(2)) + y / 3) % 7
                image[x, y] = RGB(UInt8(band * 36), UInt8((x * 2) % 256), UInt8(random.below(4) * 60))
            }
        }
        return EquirectPanorama(image: image)
    }

    /// The picture intended: each cell as the mode shows it, with no tolerance.
    static func intended(_ frame: CellGrid, mode: ColorMode) -> CellGrid {
        var exact = FrameEncoder(colorMode: mode)
        var bytes: [UInt8] = []
        exact.encode(frame, into: &bytes)
        return exact.displayed!
    }

    static func expectTerminal(_ terminal: VirtualScreen, shows grid: CellGrid, mode: ColorMode, _ note: String) {
        #expect(terminal.unknown.isEmpty, "unknown sequences: \(terminal.unknown)")
        var mismatches = 0
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let want = grid[column, row]
                let got = terminal[column, row]
                if mode == .none {
                    if got.glyph != want.glyph || got.foreground != nil || got.background != nil { mismatches += 1 }
                } else {
                    // The encoder may show two halves as ▀, ▄ or a space: compare what they look like.
                    let shown = Cell(
                        glyph: got.glyph, foreground: got.foreground ?? RGB(1, 2, 3), background: got.background ?? RGB(1, 2, 3))
                    if !shown.looksLike(want) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0, "\(note): \(mismatches) cells differ")
    }

    @Test(
        "random pans, zooms and status changes in every symbol set: exact frames reproduce the picture",
        arguments: ColorMode.allCases, SymbolSet.allCases)
    func randomSequences(mode: ColorMode, symbols: SymbolSet) {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        for sequence in 0..<6 {
            let panorama = Self.randomPanorama(&random)
            var composer = FrameComposer()
            composer.symbols = symbols
            var encoder = FrameEncoder(colorMode: mode, motionTolerance: 12)
            var terminal = VirtualScreen(columns: Self.size.columns, rows: Self.size.rows)
            var camera = PanoramaCamera(heading: Double(random.below(360)))
            var bytes: [UInt8] = []
            for step in 0..<25 {
                camera.heading += Double(random.below(9)) - 4
                if random.below(5) == 0 { camera.pitch += Double(random.below(21)) - 10 }
                if random.below(7) == 0 { camera.zoom *= random.below(2) == 0 ? 1.3 : 0.8 }
                let status = random.below(3) == 0 ? "東京 \(step) ü" : "Heading \(Int(camera.heading))°"
                let frame = composer.compose(
                    panorama: panorama, camera: camera, columns: Self.size.columns,
                    rows: Self.size.rows, statusLeft: status, statusRight: "q quit")
                let exact = random.below(3) == 0
                encoder.encode(frame, quality: exact ? .exact : .motion, into: &bytes)
                terminal.feed(bytes)
                Self.expectTerminal(terminal, shows: encoder.displayed!, mode: mode, "sequence \(sequence) step \(step): encoder's belief")
                if exact {
                    Self.expectTerminal(
                        terminal, shows: Self.intended(frame, mode: mode), mode: mode, "sequence \(sequence) step \(step): exact")
                }
            }
        }
    }

    @Test("a motion frame stays within its tolerance of the intended picture, and sends fewer bytes")
    func motionWithinTolerance() {
        var random = Random(state: 42)
        let panorama = Self.randomPanorama(&random)
        var composer = FrameComposer()
        var exactEncoder = FrameEncoder(colorMode: .truecolor)
        var motionEncoder = FrameEncoder(colorMode: .truecolor, motionTolerance: 12)
        var terminal = VirtualScreen(columns: 40, rows: 12)
        var exactBytes = 0
        var motionBytes = 0
        var bytes: [UInt8] = []
        for step in 0..<20 {
            let frame = composer.compose(
                panorama: panorama, camera: PanoramaCamera(heading: Double(step) * 2), columns: 40,
                rows: 12, statusLeft: "", statusRight: "")
            exactEncoder.encode(frame, into: &bytes)
            exactBytes += bytes.count
            motionEncoder.encode(frame, quality: .motion, into: &bytes)
            motionBytes += bytes.count
            terminal.feed(bytes)
            for i in frame.cells.indices {
                let shown = terminal[i % 40, i / 40]
                guard let wanted = frame.cells[i].halves,
                    let halves = Cell(glyph: shown.glyph, foreground: shown.foreground ?? .black, background: shown.background ?? .black)
                        .halves
                else {
                    Issue.record("cell \(i) at step \(step) is not drawn in halves")
                    continue
                }
                func off(_ a: RGB, _ b: RGB) -> Int {
                    max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                }
                let worst = max(off(wanted.top, halves.top), off(wanted.bottom, halves.bottom))
                #expect(worst <= 12, "cell \(i) at step \(step) is \(worst) off")
            }
        }
        #expect(motionBytes < exactBytes)
    }
}
