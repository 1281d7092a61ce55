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
    /// Per ray: row from the image's top edge, in level-0 texels with 8 fractional bits;
    /// negative or beyond the image's height where a cropped image does not reach.
    private(set) var rows: [Int32] = []
    /// Per ray: the mip level in the high byte, the blend towards the next level (0...255) in
    /// the low byte; the last level never blends.
    private(set) var levelBlends: [UInt16] = []
    /// The full sphere's width in level-0 texels with 8 fractional bits (wider than the image
    /// when it is cropped), > 0.
    private(set) var span = 1
    /// The image's left edge on the full sphere, in the units of `columns`, [0, span).
    private(set) var left = 0
    private var key: (rays: ViewRays.Key, coverage: PanoramaCoverage, levels: [MipPyramid.Level], bias: Float)?

    mutating func update(rays: ViewRays, pyramid: MipPyramid, coverage: PanoramaCoverage, bias levelBias: Float,
                         runner: any ParallelRunner) {
        if let key, key.rays == rays.key, key.coverage == coverage, key.levels == pyramid.levels, key.bias == levelBias { return }
        let levelZero = pyramid.levels[0]
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
                                    for i in range {
                                        buffers.columns[i] = Int32(buffers.longitudes[i] * columnScale)
                                        buffers.rows[i] = Int32(buffers.rowFractions[i] * rowScale - top)
                                        buffers.levelBlends[i] = Self.levelBlend(buffers.footprints[i] + bias, levelCount: levelCount)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        key = (rays.key, coverage, pyramid.levels, levelBias)
    }

    /// A fractional mip level as the sampler reads it: level in the high byte, blend in the low.
    @inline(__always)
    private static func levelBlend(_ fractional: Float, levelCount: Int) -> UInt16 {
        let level = min(max(fractional, 0), Float(levelCount - 1))
        let lower = min(Int(level), levelCount - 1)
        let blend = lower == levelCount - 1 ? 0 : UInt16((level - Float(lower)) * 255 + 0.5)
        return UInt16(lower) << 8 | blend
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
