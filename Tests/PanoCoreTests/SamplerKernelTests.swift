import Foundation
import TestSupport
import Testing

@testable import PanoCore

@Suite("The sampler's kernels")
struct SamplerKernelTests {
    /// A 512×256 panorama of random texels, ten levels: any weight, neighbour or level taken
    /// differently shows in the bytes.
    private static let pyramid: MipPyramid = {
        var random = SeededGenerator(seed: 29)
        var image = RGBImage(width: 512, height: 256)
        for i in image.pixels.indices { image.pixels[i] = UInt8.random(in: 0...255, using: &random) }
        return MipPyramid(image)
    }()

    /// Views that magnify, minify a little and a lot (every pixel blending two levels, some the
    /// last), look across the seam and at both poles; sizes whose pixel counts are not multiples
    /// of eight.
    private static let views: [(camera: PanoramaCamera, width: Int, height: Int)] = [
        (PanoramaCamera(heading: 179, pitch: 0, fov: 20), 41, 23),
        (PanoramaCamera(heading: -170, pitch: 30, fov: 90), 37, 21),
        (PanoramaCamera(heading: 10, pitch: -15, fov: 120), 13, 7),
        (PanoramaCamera(heading: 90, pitch: 89, fov: 120), 29, 17),
        (PanoramaCamera(heading: -90, pitch: -89, fov: 100), 33, 19),
        (PanoramaCamera(heading: 45, pitch: 5, fov: 170), 3, 3)
    ]

    @Test(
        "every kernel this processor runs gives the portable kernel's bytes, at every turn, for ranges of any length, in any pieces",
        arguments: SamplerKernel.available.dropFirst())
    func sameBytes(kernel: SamplerKernel) {
        let coverage = PanoramaCoverage.full(imageWidth: 512)
        for view in Self.views {
            let rays = ViewRays(camera: view.camera, width: view.width, height: view.height)
            var table = SampleTable()
            table.update(rays: rays, pyramid: Self.pyramid, coverage: coverage, bias: -0.5, runner: SerialRunner())
            for shift in stride(from: 0, to: table.span, by: table.span / 7 + 13) {
                // One worker's whole range, and a pretend machine's pieces of 1 to 20 rays.
                for runner in [SerialRunner(), PretendWorkers(width: 13)] as [any ParallelRunner] {
                    var expected = RGBImage(width: view.width, height: view.height)
                    var actual = expected
                    Reprojector.sample(
                        Self.pyramid, isFullSphere: true, keepsOutside: false, table: table, shift: shift, into: &expected,
                        runner: runner, kernel: .portable)
                    Reprojector.sample(
                        Self.pyramid, isFullSphere: true, keepsOutside: false, table: table, shift: shift, into: &actual,
                        runner: runner, kernel: kernel)
                    let first = expected.pixels.indices.first { expected.pixels[$0] != actual.pixels[$0] }
                    let place = "\(view.width)×\(view.height) at heading \(view.camera.heading), pitch \(view.camera.pitch)"
                    #expect(first == nil, "\(place), shift \(shift): byte \(first ?? -1) differs")
                }
            }
        }
    }

    @Test("the AVX2 kernel is offered exactly where the Linux kernel lists the avx2 flag for this processor")
    func detection() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ") ?? []
        #expect(SamplerKernel.available.contains(.avx2) == flags.contains("avx2"))
        #expect(SamplerKernel.available.first == .portable)
        #expect(SamplerKernel.fastest == SamplerKernel.available.last)
    }
}
