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
    /// Per ray, the mip level (high byte) and blend (low byte) for `levelKey`.
    private var levelBlends: [UInt16] = []
    private var levelKey: (rays: ViewRays.Key, width: Double, levels: Int, bias: Float)?

    public init() {}

    /// Fills `output` (its size is the viewport size, in pixels) with what `camera` sees of
    /// `panorama`: bilinear where the view magnifies, trilinear from the mip pyramid where it
    /// minifies, seamless across the ±180° wrap. Work is split over `runner`.
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
        updateLevels(rays: rays, panorama: panorama)
        let pyramid = panorama.pyramid
        let shiftTurns = Float(Degrees.wrap180(camera.heading - panorama.centerHeading) / 360)
        let count = output.width * output.height
        pyramid.texels.withUnsafeBufferPointer { texels in
            pyramid.levels.withUnsafeBufferPointer { levels in
                rays.longitudeTurns.withUnsafeBufferPointer { longitudes in
                    rays.rowFractions.withUnsafeBufferPointer { rows in
                        levelBlends.withUnsafeBufferPointer { levelBlends in
                            output.pixels.withUnsafeMutableBufferPointer { out in
                                let sampler = EquirectSampler(
                                    texels: texels, levels: levels, coverage: panorama.coverage, shiftTurns: shiftTurns,
                                    longitudes: longitudes, rows: rows, levelBlends: levelBlends, output: out
                                )
                                runner.forEachRange(of: count) { sampler.sample($0) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Turns each ray's footprint into a mip level and blend for this panorama's resolution.
    private mutating func updateLevels(rays: ViewRays, panorama: EquirectPanorama) {
        let width = panorama.coverage.fullWidthPixels
        let levelCount = panorama.pyramid.levelCount
        if let levelKey, levelKey.rays == rays.key, levelKey.width == width, levelKey.levels == levelCount, levelKey.bias == levelBias { return }
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
        levelKey = (rays.key, width, levelCount, levelBias)
    }
}
