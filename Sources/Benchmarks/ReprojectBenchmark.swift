import PanoCore
import ParallelDispatch

/// Times reprojection: median milliseconds per view over `BenchViews.standard`, each view a
/// new heading and pitch (so the ray table is rebuilt, as it is while the pitch animates), plus
/// the cost of a pure turn (the ray table reused).
package enum ReprojectBenchmark {
    package struct Row: Codable {
        package var source: String
        package var size: String
        package var threads: Int
        /// Median per view with a new heading and pitch, milliseconds.
        package var median_ms: Double
        /// Median per view when only the heading changes, milliseconds, sampled by the fastest
        /// kernel this processor runs (`SamplerKernel.fastest`).
        package var turn_median_ms: Double
        /// The same turns sampled by the portable kernel, timed alternately with them; nil where
        /// the portable kernel is the fastest.
        package var portable_turn_median_ms: Double?
        /// Texels read per pixel in a turn, mean over the views: 4 where a pixel samples one mip
        /// level, 8 where it blends two (bilinear samplers such as cv2.remap read 4).
        package var texels_per_pixel: Double
    }

    /// The view sizes timed: a half-block view, and pixel pictures of a small and a large window.
    static let sizes = [(320, 180), (800, 450), (1600, 900)]
    /// Timed rounds over every view, after one warm-up round.
    static let rounds = 3

    /// The views timed at `scale`.
    package static func views(_ scale: BenchScale) -> [(heading: Double, pitch: Double)] {
        scale.pick(BenchViews.standard, quick: Array(BenchViews.standard.prefix(4)))
    }

    package static func run(source name: String, panorama: EquirectPanorama, threads: [Int], scale: BenchScale) -> [Row] {
        var rows: [Row] = []
        for (width, height) in scale.pick(sizes, quick: [(32, 18)]) {
            for count in threads {
                let runner: any ParallelRunner = count == 1 ? SerialRunner() : DispatchRunner(threads: count)
                var output = RGBImage(width: width, height: height)
                var reprojector = Reprojector()
                var fresh: [Double] = []
                var turns: [SamplerKernel: [Double]] = [:]
                var texels: [Double] = []
                for round in 0...scale.pick(rounds, quick: 1) {
                    for (index, view) in views(scale).enumerated() {
                        let camera = PanoramaCamera(heading: view.heading, pitch: view.pitch)
                        let start = ContinuousClock.now
                        reprojector.render(panorama, camera: camera, into: &output, runner: runner)
                        let freshMilliseconds = milliseconds(ContinuousClock.now - start)
                        // Each kernel turns to the same heading, first and second in turn.
                        var kernels = SamplerKernel.available.reversed() as [SamplerKernel]
                        if index % 2 == 1 { kernels.reverse() }
                        let turned = PanoramaCamera(heading: view.heading + 7, pitch: view.pitch)
                        for kernel in kernels {
                            reprojector.samplerKernel = kernel
                            let turnMilliseconds = timed { reprojector.render(panorama, camera: turned, into: &output, runner: runner) }
                            if round > 0 { turns[kernel, default: []].append(turnMilliseconds) }  // round 0 warms caches up
                        }
                        reprojector.samplerKernel = .fastest
                        if round > 0 {
                            fresh.append(freshMilliseconds)
                            texels.append(reprojector.texelsPerPixel)
                        }
                    }
                }
                let portable = SamplerKernel.fastest == .portable ? nil : turns[.portable].map(BenchViews.median)
                rows.append(
                    Row(
                        source: name, size: "\(width)x\(height)", threads: count,
                        median_ms: BenchViews.median(fresh), turn_median_ms: BenchViews.median(turns[.fastest] ?? []),
                        portable_turn_median_ms: portable,
                        texels_per_pixel: texels.reduce(0, +) / Double(max(texels.count, 1))))
            }
        }
        return rows
    }

    /// Milliseconds `work` takes.
    private static func timed(_ work: () -> Void) -> Double {
        let start = ContinuousClock.now
        work()
        return milliseconds(ContinuousClock.now - start)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}

/// How much prefiltering helps: a 160×90 view (fov 90) of a 4096×2048 source, compared with
/// the reference rendering of a box-downsampled 1024×512 copy, once prefiltered (mip levels)
/// and once with plain bilinear sampling of the full-size source. Mean PSNR over eight headings.
package enum AntialiasMeasurement {
    package struct Result: Codable {
        package var source: String
        package var prefiltered_psnr_db: Double
        package var bilinear_psnr_db: Double
    }

    package static func run(source name: String, image: RGBImage) -> Result? {
        let filtered = EquirectPanorama(image: image)
        guard filtered.pyramid.levelCount > 2, filtered.pyramid.levels[2].width * 4 == image.width else { return nil }
        let plain = EquirectPanorama(image: image, prefiltered: false)
        let reference = EquirectPanorama(image: filtered.pyramid.image(level: 2), prefiltered: false)
        var prefiltered: [Double] = []
        var bilinear: [Double] = []
        for heading in stride(from: 0.0, to: 360, by: 45) {
            let camera = PanoramaCamera(heading: heading + 10, pitch: 5)
            prefiltered.append(ImageMetrics.psnr(render(filtered, camera), render(reference, camera)))
            bilinear.append(ImageMetrics.psnr(render(plain, camera), render(reference, camera)))
        }
        return Result(source: name, prefiltered_psnr_db: mean(prefiltered), bilinear_psnr_db: mean(bilinear))
    }

    private static func render(_ panorama: EquirectPanorama, _ camera: PanoramaCamera) -> RGBImage {
        var view = RGBImage(width: 160, height: 90)
        var reprojector = Reprojector()
        reprojector.render(panorama, camera: camera, into: &view)
        return view
    }

    private static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }
}
