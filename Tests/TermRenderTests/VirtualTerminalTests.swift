import PanoCore
import TermRender
import TestSupport
import Testing

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

    static func expectTerminal(_ terminal: VirtualTerminal, shows grid: CellGrid, mode: ColorMode, _ note: String) {
        #expect(terminal.unknown.isEmpty, "unknown sequences: \(terminal.unknown)")
        var mismatches = 0
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let want = grid[column, row]
                let got = terminal[column, row]
                let coloursMatch = mode == .none
                    ? (got.foreground == nil && got.background == nil)
                    : (got.foreground == want.foreground && got.background == want.background)
                if got.glyph != want.glyph || !coloursMatch { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(note): \(mismatches) cells differ")
    }

    @Test("random pans, zooms and status changes: exact frames reproduce the picture", arguments: ColorMode.allCases)
    func randomSequences(mode: ColorMode) {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        for sequence in 0..<6 {
            let panorama = Self.randomPanorama(&random)
            var composer = FrameComposer()
            var encoder = FrameEncoder(colorMode: mode, motionTolerance: 12)
            var terminal = VirtualTerminal(columns: Self.size.columns, rows: Self.size.rows)
            var camera = PanoramaCamera(heading: Double(random.below(360)))
            var bytes: [UInt8] = []
            for step in 0..<25 {
                camera.heading += Double(random.below(9)) - 4
                if random.below(5) == 0 { camera.pitch += Double(random.below(21)) - 10 }
                if random.below(7) == 0 { camera.zoom *= random.below(2) == 0 ? 1.3 : 0.8 }
                let status = random.below(3) == 0 ? "東京 \(step) ü" : "Heading \(Int(camera.heading))°"
                let frame = composer.compose(panorama: panorama, camera: camera, columns: Self.size.columns,
                                             rows: Self.size.rows, statusLeft: status, statusRight: "q quit")
                let exact = random.below(3) == 0
                encoder.encode(frame, quality: exact ? .exact : .motion, into: &bytes)
                terminal.apply(bytes)
                Self.expectTerminal(terminal, shows: encoder.displayed!, mode: mode, "sequence \(sequence) step \(step): encoder's belief")
                if exact {
                    Self.expectTerminal(terminal, shows: Self.intended(frame, mode: mode), mode: mode, "sequence \(sequence) step \(step): exact")
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
        var exactBytes = 0
        var motionBytes = 0
        var bytes: [UInt8] = []
        for step in 0..<20 {
            let frame = composer.compose(panorama: panorama, camera: PanoramaCamera(heading: Double(step) * 2), columns: 40,
                                         rows: 12, statusLeft: "", statusRight: "")
            exactEncoder.encode(frame, into: &bytes)
            exactBytes += bytes.count
            motionEncoder.encode(frame, quality: .motion, into: &bytes)
            motionBytes += bytes.count
            let shown = motionEncoder.displayed!
            for i in frame.cells.indices {
                let a = frame.cells[i], b = shown.cells[i]
                let worst = max(abs(Int(a.foreground.r) - Int(b.foreground.r)), abs(Int(a.foreground.g) - Int(b.foreground.g)),
                                abs(Int(a.foreground.b) - Int(b.foreground.b)), abs(Int(a.background.r) - Int(b.background.r)),
                                abs(Int(a.background.g) - Int(b.background.g)), abs(Int(a.background.b) - Int(b.background.b)))
                #expect(worst <= 12, "cell \(i) at step \(step) is \(worst) off")
            }
        }
        #expect(motionBytes < exactBytes)
    }
}
