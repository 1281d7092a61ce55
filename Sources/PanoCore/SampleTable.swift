import CSampler

#if canImport(Glibc)
import Glibc
#endif

/// Where every ray of a view lands on one image, in that image's texels, and which mip levels
/// it samples: the ray table turned into integers for one resolution. It is rebuilt only when
/// the rays, the resolution, the coverage, the number of levels or the bias change, so a turn
/// costs the sampler one integer offset per pixel and nothing else.
struct SampleTable {
    /// Per ray, row-major: column on the full sphere at heading 0, relative to the camera's
    /// heading, in the image's level-0 texels with 8 fractional bits; within ±half the full
    /// width (`span`).
    private(set) var columns: [Int32] = []
    /// Per ray: row from the image's top edge, in level-0 texels with 8 fractional bits; within
    /// the full sphere's height (the sampler reads a full sphere's rows unclamped), so negative or
    /// beyond the image's height only where a cropped image does not reach.
    private(set) var rows: [Int32] = []
    /// Per ray: the mip level in the high byte, the blend towards the next level (0...255) in
    /// the low byte; the last level never blends.
    private(set) var levelBlends: [UInt16] = []
    /// The full sphere's width in level-0 texels with 8 fractional bits (wider than the image
    /// when it is cropped), > 0.
    private(set) var span = 1
    /// The image's left edge on the full sphere, in the units of `columns`, [0, span).
    private(set) var left = 0
    /// The image's mip levels as the sampler reads them.
    private(set) var levels: [sw_sampler_level] = []
    private var key: (rays: ViewRays.Key, coverage: PanoramaCoverage, levels: [MipPyramid.Level], bias: Float)?

    mutating func update(
        rays: ViewRays, pyramid: MipPyramid, coverage: PanoramaCoverage, bias levelBias: Float,
        runner: any ParallelRunner
    ) {
        if let key, key.rays == rays.key, key.coverage == coverage, key.levels == pyramid.levels, key.bias == levelBias { return }
        let levelZero = pyramid.levels[0]
        levels = pyramid.levels.map(sw_sampler_level.init)
        // Texels per turn and per half turn of latitude at this image's resolution, times 256.
        let fullWidth = Double(levelZero.width) / coverage.width
        let fullHeight = Double(levelZero.height) / coverage.height
        span = max(1, Int((fullWidth * 256).rounded()))
        left = Int((coverage.left * fullWidth * 256).rounded())
        let columnScale = Float(fullWidth * 256)
        let rowScale = Float(fullHeight * 256)
        let top = Float(coverage.top * fullHeight * 256)
        let bias = Float(log2(coverage.fullWidthPixels)) + levelBias
        let levelCount = pyramid.levelCount
        let count = rays.footprintLog2.count
        if columns.count != count {
            columns = [Int32](repeating: 0, count: count)
            rows = [Int32](repeating: 0, count: count)
            levelBlends = [UInt16](repeating: 0, count: count)
        }
        rays.longitudeTurns.withUnsafeBufferPointer { longitudes in
            rays.rowFractions.withUnsafeBufferPointer { rowFractions in
                rays.footprintLog2.withUnsafeBufferPointer { footprints in
                    columns.withUnsafeMutableBufferPointer { columnsOut in
                        rows.withUnsafeMutableBufferPointer { rowsOut in
                            levelBlends.withUnsafeMutableBufferPointer { levelsOut in
                                let buffers = SampleTableBuffers(
                                    longitudes: longitudes, rowFractions: rowFractions, footprints: footprints,
                                    columns: columnsOut, rows: rowsOut, levelBlends: levelsOut
                                )
                                runner.forEachRange(of: count) { range in
                                    Self.fill(
                                        buffers, range: range, columnScale: columnScale, rowScale: rowScale, top: top,
                                        bias: bias, levelCount: levelCount)
                                }
                            }
                        }
                    }
                }
            }
        }
        key = (rays.key, coverage, pyramid.levels, levelBias)
    }

    /// Fills the table for the rays in `range`, eight at a time while eight remain.
    private static func fill(
        _ buffers: SampleTableBuffers, range: Range<Int>, columnScale: Float, rowScale: Float, top: Float,
        bias: Float, levelCount: Int
    ) {
        var i = range.lowerBound
        let lastLevel = Int32(levelCount - 1) << 8
        // The fast rounding holds below 2²² (a panorama under 32,768 pixels round); beyond, the
        // checked conversion below does every ray.
        let fits = columnScale / 2 < fastRoundingLimit && top < fastRoundingLimit && rowScale - top < fastRoundingLimit
        while fits, i + 8 <= range.upperBound {
            let longitudes = buffers.longitudes.load8(at: i)
            // Clamped, so that rounding can never take a row off the sphere.
            let rowFractions = pointwiseMax(pointwiseMin(buffers.rowFractions.load8(at: i), SIMD8(repeating: 1)), SIMD8(repeating: 0))
            let levels = buffers.footprints.load8(at: i) + bias
            buffers.columns.store(rounded(longitudes * columnScale), at: i)
            buffers.rows.store(rounded(rowFractions * rowScale - top), at: i)
            // The level in 1/256ths, clamped to the levels there are: the last never blends.
            let levelBlends = LaneMath.clamp(rounded(levels * 256), upTo: lastLevel)
            buffers.levelBlends.store(SIMD8<UInt16>(truncatingIfNeeded: levelBlends), at: i)
            i += 8
        }
        while i < range.upperBound {
            // Rounded, as the eight-wide path rounds (truncating put these rays up to 1/256 of a
            // texel off theirs).
            buffers.columns[i] = Int32((buffers.longitudes[i] * columnScale).rounded())
            buffers.rows[i] = Int32((min(max(buffers.rowFractions[i], 0), 1) * rowScale - top).rounded())
            buffers.levelBlends[i] = levelBlend(buffers.footprints[i] + bias, levelCount: levelCount)
            i += 1
        }
    }

    /// Magnitudes `rounded` handles: 2²².
    private static let fastRoundingLimit: Float = 4_194_304

    /// Each lane rounded to the nearest integer, for |value| < 2²²: adding 1.5 × 2²³ leaves the
    /// integer in the mantissa's low bits, with no conversion instruction or range check.
    @inline(__always)
    private static func rounded(_ values: SIMD8<Float>) -> SIMD8<Int32> {
        let magic: Float = 12_582_912
        return unsafeBitCast(values + magic, to: SIMD8<Int32>.self) &- unsafeBitCast(SIMD8<Float>(repeating: magic), to: SIMD8<Int32>.self)
    }

    /// A fractional mip level as the sampler reads it: level in the high byte, blend in the low.
    @inline(__always)
    private static func levelBlend(_ fractional: Float, levelCount: Int) -> UInt16 {
        let level = min(max(fractional, 0), Float(levelCount - 1))
        return UInt16((level * 256).rounded())
    }
}

/// The rays read and the table written by parallel workers, each in a disjoint range.
/// `@unchecked Sendable`: the compiler cannot see that the ranges are disjoint, or that the
/// buffers outlive the workers.
private struct SampleTableBuffers: @unchecked Sendable {
    let longitudes: UnsafeBufferPointer<Float>
    let rowFractions: UnsafeBufferPointer<Float>
    let footprints: UnsafeBufferPointer<Float>
    let columns: UnsafeMutableBufferPointer<Int32>
    let rows: UnsafeMutableBufferPointer<Int32>
    let levelBlends: UnsafeMutableBufferPointer<UInt16>
}

extension UnsafeBufferPointer where Element == Float {
    /// The eight values from `index` on; they must exist.
    @inline(__always)
    func load8(at index: Int) -> SIMD8<Float> {
        UnsafeRawPointer(baseAddress! + index).loadUnaligned(as: SIMD8<Float>.self)
    }
}

extension UnsafeMutableBufferPointer {
    /// Writes a vector's lanes from `index` on; they must fit.
    @inline(__always)
    func store<Vector: SIMD>(_ values: Vector, at index: Int) where Vector.Scalar == Element {
        UnsafeMutableRawPointer(baseAddress! + index).storeBytes(of: values, as: Vector.self)
    }
}
