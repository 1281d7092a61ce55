import TestSupport
import Testing

@testable import PanoCore

@Suite("The sampler against a plain trilinear filter")
struct SamplerTests {
    /// A 256×128 panorama of random texels: every wrong weight or neighbour shows.
    private static func noise() -> RGBImage {
        var random = SeededGenerator(seed: 17)
        var image = RGBImage(width: 256, height: 128)
        for i in image.pixels.indices { image.pixels[i] = UInt8.random(in: 0...255, using: &random) }
        return image
    }

    /// Channel `channel` (0 red, 1 green, 2 blue) of `pyramid`'s level `level` at (`column`, `row`),
    /// the column wrapping round and the row clamped.
    private static func texel(_ pyramid: MipPyramid, level: Int, column: Int, row: Int, channel: Int) -> Double {
        let info = pyramid.levels[level]
        let x = (column % info.width + info.width) % info.width
        let y = min(max(row, 0), info.height - 1)
        return Double(pyramid.texels[info.offset + y * info.stride + x] >> (8 * channel) & 0xFF)
    }

    /// A bilinear sample of level `level` at level-0 texel coordinates with 8 fractional bits, in
    /// floating point, the coordinates cut to the level's 256ths as the sampler does.
    private static func bilinear(_ pyramid: MipPyramid, level: Int, x: Int, y: Int, channel: Int) -> Double {
        let info = pyramid.levels[level]
        let column = Double((x >> level) - 128) / 256
        let row = min(max(Double((y >> level) - 128) / 256, 0), Double(info.height - 1))
        let (left, top) = (Int(column.rounded(.down)), Int(row.rounded(.down)))
        let (right, down) = (column - Double(left), row - Double(top))
        func at(_ dx: Int, _ dy: Int) -> Double { texel(pyramid, level: level, column: left + dx, row: top + dy, channel: channel) }
        return (at(0, 0) * (1 - down) + at(0, 1) * down) * (1 - right) + (at(1, 0) * (1 - down) + at(1, 1) * down) * right
    }

    /// Each turn (in the table's units) and fov of `matchesReference`, with each kernel this
    /// processor runs.
    static let turnsAndFovs = SamplerKernel.available.flatMap { kernel in
        [0, 1_000, 8_191, 16_383].flatMap { shift in [120.0, 30.0].map { (kernel, shift, $0) } }
    }

    @Test(
        "each pixel is within 1.5 of a floating-point trilinear sample (three roundings of half a step), at headings round the seam, in a view that minifies and one that magnifies, by each kernel",
        arguments: turnsAndFovs)
    func matchesReference(kernel: SamplerKernel, shift: Int, fov: Double) throws {
        // Looking towards the seam; 37 pixels across take in 85 texels at 120°, 21 at 30°.
        let (blended, fullResolution, count) = Self.compare(
            PanoramaCamera(heading: 170, pitch: 20, fov: fov), shift: shift, kernel: kernel)
        if fov > 90 {
            #expect(blended > count / 4, "most pixels blend two levels")
        } else {
            #expect(fullResolution == count, "every pixel samples level 0 alone")
        }
    }

    @Test(
        "the same at the poles, where the rows above the first and below the last are the edge rows again",
        arguments: SamplerKernel.available, [88.0, -88.0])
    func matchesReferenceAtThePoles(kernel: SamplerKernel, pitch: Double) throws {
        for shift in [0, 8_191] {
            _ = Self.compare(PanoramaCamera(heading: 170, pitch: pitch, fov: 120), shift: shift, kernel: kernel)
        }
    }

    /// Renders a 37×21 view of `noise()` through `kernel`, turned by `shift` (the table's
    /// units), and expects each pixel within 1.5 of the floating-point trilinear sample; returns
    /// how many pixels blended two levels, how many took level 0 alone, and how many there were.
    private static func compare(
        _ camera: PanoramaCamera, shift: Int, kernel: SamplerKernel,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (blended: Int, fullResolution: Int, count: Int) {
        let image = noise()
        let pyramid = MipPyramid(image)
        let coverage = PanoramaCoverage.full(imageWidth: image.width)
        let rays = ViewRays(camera: camera, width: 37, height: 21)
        var table = SampleTable()
        table.update(rays: rays, pyramid: pyramid, coverage: coverage, bias: 0, runner: SerialRunner())
        let span = table.span
        let shift = shift % span
        let count = rays.footprintLog2.count
        var view = RGBImage(width: 37, height: 21)
        Reprojector.sample(
            pyramid, isFullSphere: true, keepsOutside: false, table: table, shift: shift, into: &view, runner: SerialRunner(),
            kernel: kernel)
        let output = view.pixels
        var (blended, fullResolution) = (0, 0)
        for i in 0..<count {
            let x = ((Int(table.columns[i]) + shift) % span + span) % span
            let y = Int(table.rows[i])
            let level = Int(table.levelBlends[i] >> 8)
            let blend = Double(table.levelBlends[i] & 0xFF) / 256
            if blend > 0 { blended += 1 }
            if table.levelBlends[i] == 0 { fullResolution += 1 }
            for channel in 0..<3 {
                var expected = bilinear(pyramid, level: level, x: x, y: y, channel: channel)
                if blend > 0 {
                    expected += (bilinear(pyramid, level: level + 1, x: x, y: y, channel: channel) - expected) * blend
                }
                let actual = Double(output[i * 3 + channel])
                #expect(
                    abs(actual - expected) <= 1.5, "pixel \(i) channel \(channel): \(actual) against \(expected)",
                    sourceLocation: sourceLocation)
            }
        }
        return (blended, fullResolution, count)
    }
}
