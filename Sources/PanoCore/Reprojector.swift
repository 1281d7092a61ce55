#if canImport(Glibc)
import Glibc
#endif

/// Renders the perspective view of an equirectangular panorama. It keeps its ray table while
/// the viewport size, pitch and fov stay the same, so a turn costs no trigonometry, and
/// rendering into an existing image allocates nothing.
public struct Reprojector: Sendable {
    /// Added to each pixel's mip level (log2 of its footprint in texels): negative samples finer
    /// levels, sharper and closer to aliasing. −0.5 by default: against 8×8 samples a pixel it is
    /// 4.1–5.2 dB closer than 0 at every minification measured, and −1 aliases where the view is
    /// only twice smaller (`sidewalk bench minify`, docs/performance.md).
    public var levelBias: Float = -0.5
    private var rays: ViewRays?
    /// Mip levels per ray for the panorama's image, and for its detail layer.
    private var imageLevels = LevelTable()
    private var detailLevels = LevelTable()

    public init() {}

    /// Fills `output` (its size is the viewport size, in pixels) with what `camera` sees of
    /// `panorama`: bilinear where the view magnifies, trilinear from the mip pyramid where it
    /// minifies, seamless across the ±180° wrap, and from the panorama's detail layer wherever it
    /// covers. Work is split over `runner`.
    public mutating func render(
        _ panorama: EquirectPanorama, camera: PanoramaCamera, into output: inout RGBImage,
        runner: any ParallelRunner = SerialRunner()
    ) {
        guard output.width > 0, output.height > 0 else { return }
        let key = ViewRays.key(for: camera, width: output.width, height: output.height)
        if rays?.key != key {
            rays = ViewRays(camera: camera, width: output.width, height: output.height, runner: runner)
        }
        guard let rays else { return }
        let shiftTurns = Float(Degrees.wrap180(camera.heading - panorama.centerHeading) / 360)
        let detail = panorama.detail
        // A detail layer round the whole sphere hides the image entirely.
        if detail?.coverage.isFullSphere != true {
            imageLevels.update(rays: rays, pyramid: panorama.pyramid, coverage: panorama.coverage, bias: levelBias)
            Self.sample(panorama.pyramid, panorama.coverage, keepsOutside: false, levels: imageLevels, rays: rays,
                        shiftTurns: shiftTurns, into: &output, runner: runner)
        }
        if let detail {
            detailLevels.update(rays: rays, pyramid: detail.pyramid, coverage: detail.coverage, bias: levelBias)
            Self.sample(detail.pyramid, detail.coverage, keepsOutside: true, levels: detailLevels, rays: rays,
                        shiftTurns: shiftTurns, into: &output, runner: runner)
        }
    }

    /// One sampling pass of `pyramid` over every ray.
    private static func sample(
        _ pyramid: MipPyramid, _ coverage: PanoramaCoverage, keepsOutside: Bool, levels table: LevelTable, rays: ViewRays,
        shiftTurns: Float, into output: inout RGBImage, runner: any ParallelRunner
    ) {
        let count = output.width * output.height
        pyramid.texels.withUnsafeBufferPointer { texels in
            pyramid.levels.withUnsafeBufferPointer { levels in
                rays.longitudeTurns.withUnsafeBufferPointer { longitudes in
                    rays.rowFractions.withUnsafeBufferPointer { rows in
                        table.levelBlends.withUnsafeBufferPointer { levelBlends in
                            output.pixels.withUnsafeMutableBufferPointer { out in
                                let sampler = EquirectSampler(
                                    texels: texels, levels: levels, coverage: coverage, keepsOutside: keepsOutside,
                                    shiftTurns: shiftTurns, longitudes: longitudes, rows: rows, levelBlends: levelBlends, output: out
                                )
                                runner.forEachRange(of: count) { sampler.sample($0) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Each ray's footprint as a mip level and blend, for one image's resolution; rebuilt only when
/// the rays, the resolution, the number of levels or the bias change.
private struct LevelTable {
    /// Per ray, the mip level (high byte) and blend towards the next (low byte).
    private(set) var levelBlends: [UInt16] = []
    private var key: (rays: ViewRays.Key, width: Double, levels: Int, bias: Float)?

    mutating func update(rays: ViewRays, pyramid: MipPyramid, coverage: PanoramaCoverage, bias levelBias: Float) {
        let width = coverage.fullWidthPixels
        let levelCount = pyramid.levelCount
        if let key, key.rays == rays.key, key.width == width, key.levels == levelCount, key.bias == levelBias { return }
        let bias = Float(log2(width)) + levelBias
        let maxLevel = Float(levelCount - 1)
        if levelBlends.count != rays.footprintLog2.count {
            levelBlends = [UInt16](repeating: 0, count: rays.footprintLog2.count)
        }
        for i in rays.footprintLog2.indices {
            let level = min(max(rays.footprintLog2[i] + bias, 0), maxLevel)
            let lower = min(Int(level), levelCount - 1)
            let blend = lower == levelCount - 1 ? 0 : UInt16((level - Float(lower)) * 255 + 0.5)
            levelBlends[i] = UInt16(lower) << 8 | blend
        }
        key = (rays.key, width, levelCount, levelBias)
    }
}
