import Testing

@testable import PanoCore

@Suite("Sample tables")
struct SampleTableTests {
    @Test(
        "columns and rows are the rays' positions in texels for any width, 512 to 65,536 round (past 32,768 the fast rounding was wrong)",
        arguments: [512, 16384, 32768, 65536])
    func positions(fullWidth: Int) throws {
        // Looking up, the view takes in every longitude: the largest columns there are.
        let rays = ViewRays(camera: PanoramaCamera(heading: 0, pitch: 80), width: 64, height: 36)
        let coverage = try #require(
            PanoramaCoverage(
                fullWidth: fullWidth, fullHeight: fullWidth / 2, left: 0, top: 0,
                croppedWidth: fullWidth, croppedHeight: 64))
        let pyramid = MipPyramid(RGBImage(width: fullWidth, height: 64))
        var table = SampleTable()
        table.update(rays: rays, pyramid: pyramid, coverage: coverage, bias: -0.5, runner: SerialRunner())
        let scale = Float(fullWidth) * 256
        for i in rays.longitudeTurns.indices {
            #expect(abs(Int(table.columns[i]) - Int(rays.longitudeTurns[i] * scale)) <= 1, "ray \(i) of \(fullWidth)")
            #expect(abs(Int(table.rows[i]) - Int(rays.rowFractions[i] * scale / 2)) <= 1, "ray \(i) of \(fullWidth)")
        }
    }
}
