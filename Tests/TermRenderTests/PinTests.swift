import PanoCore
import TermRender
import Testing

/// Pins and the labels around them: a near marker once drew a disc over the shopfront it marks,
/// another marker's label covered it, and a label ran into the controls under the compass.
@Suite("Pins, labels and what they keep clear")
struct PinTests {
    static let pinColour = RGB(226, 60, 50)

    /// `overlays` over a black 80×30 frame looking north, and the pin-coloured half-block pixels drawn.
    static func drawn(_ overlays: [FrameComposer.Overlay], keeping kept: [(row: Int, columns: Range<Int>)] = [])
        -> (frame: CellGrid, pinPixels: Int)
    {
        var composer = FrameComposer()
        let camera = PanoramaCamera()
        _ = composer.compose(
            panorama: EquirectPanorama(image: RGBImage(width: 64, height: 32)), camera: camera, columns: 80, rows: 30,
            statusLeft: "", statusRight: "")
        let frame = composer.drawOverlays(overlays, camera: camera, header: true, keeping: kept)
        var pixels = 0
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                guard let halves = frame[column, row].halves else { continue }
                pixels += [halves.top, halves.bottom].filter { $0 == pinColour }.count
            }
        }
        return (frame, pixels)
    }

    static func text(_ frame: CellGrid, row: Int) -> String {
        String(String.UnicodeScalarView((0..<frame.columns).map { frame[$0, row].glyph }))
    }

    @Test("a near marker's pin is a dot, not a disc over what it marks: at most 4 half-block pixels across its radius")
    func nearPinIsSmall() {
        let near = FrameComposer.Overlay(
            label: "Bakery", direction: Orientation(heading: 0, pitch: 0), hintWhenOutOfView: false, pinRadius: 30)
        let pixels = Self.drawn([near]).pinPixels
        #expect(pixels > 30 && pixels <= 64, "π × 4² ≈ 50 pixels; a radius of 10 was 314: \(pixels)")
    }

    @Test("another marker's label never covers a pin: it moves down a row, or is left out", arguments: [false, true])
    func labelsKeepOffPins(pinFirst: Bool) {
        let pin = FrameComposer.Overlay(label: "A", direction: Orientation(heading: 0, pitch: -2), hintWhenOutOfView: false, pinRadius: 8)
        // Above the pin: its label's row, just below its own point, runs across the pin.
        let label = FrameComposer.Overlay(
            label: "a long label over there", direction: Orientation(heading: 0, pitch: 1), hintWhenOutOfView: false)
        let alone = Self.drawn([pin]).pinPixels
        let together = Self.drawn(pinFirst ? [pin, label] : [label, pin])
        #expect(together.pinPixels == alone, "the label covered \(alone - together.pinPixels) of the pin's pixels")
        #expect((0..<29).contains { Self.text(together.frame, row: $0).contains("a long label over there") })
    }

    @Test("no label is drawn on the cells kept for the controls under the compass")
    func keptCells() {
        let label = FrameComposer.Overlay(
            label: "Clock Tower 48 m", direction: Orientation(heading: 30, pitch: 40), hintWhenOutOfView: true)
        let free = Self.drawn([label]).frame
        let row = (1..<29).first { Self.text(free, row: $0).contains("Clock Tower") }
        let kept = Self.drawn([label], keeping: [(row: row ?? 1, columns: 0..<80)]).frame
        #expect(!Self.text(kept, row: row ?? 1).contains("Clock Tower"))
        #expect((1..<29).contains { Self.text(kept, row: $0).contains("Clock Tower") }, "moved, not lost")
    }
}
