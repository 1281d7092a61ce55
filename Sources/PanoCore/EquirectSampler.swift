import CMemoryHints
import CSampler

/// Samples an equirectangular mip pyramid where a `SampleTable` says each ray lands: bilinear
/// within a level, linear between the two levels around each pixel's footprint (trilinear),
/// columns wrapping round a full sphere, rows clamped at the poles, black outside a cropped
/// panorama (or, for a detail layer, what was drawn there before).
///
/// A turn is one integer added to each pixel's column. A bilinear sample is two 8-byte loads
/// (the pyramid's frame of edge copies makes every neighbour readable, so round a full sphere a
/// tap needs no seam or edge test) and 16-bit SIMD
/// arithmetic on the four channels of two texels at once, weights in 8-bit fixed point, read as
/// whole vectors from `weightTable`. Each sample also asks the cache for the row of texels two
/// below its lower one, which the view's next rows will read (`bilinear`).
///
/// Round a full sphere, where the processor has AVX2, the loop is `CSampler`'s instead
/// (`SamplerKernel.avx2`): the same bytes to the bit, eight rays located at once in 32-bit
/// lanes, the two levels a ray blends filtered side by side in one 256-bit register, and each
/// rounded blend of two values done as one rounding multiply of their difference.
///
/// `@unchecked Sendable`: it holds raw buffer pointers, which the compiler cannot prove safe to
/// share; the parallel workers only read the inputs and each writes its own disjoint range of
/// `output`, and the buffers outlive the `run` call that owns them.
struct EquirectSampler: @unchecked Sendable {
    let texels: UnsafeBufferPointer<UInt32>
    /// Per mip level, what sampling it needs.
    let levels: UnsafeBufferPointer<sw_sampler_level>
    /// True for an image round the whole sphere: columns wrap and nothing is outside.
    let isFullSphere: Bool
    /// Outside a cropped coverage: true leaves the output as it is (a detail layer over the
    /// panorama already drawn there), false draws black.
    let keepsOutside: Bool
    /// Added to every column of the table: the camera's heading relative to the sphere's centre,
    /// less the image's left edge, in the table's units, [0, span).
    let shift: Int
    /// The full sphere's width in the table's units.
    let span: Int
    let columns: UnsafeBufferPointer<Int32>
    let rows: UnsafeBufferPointer<Int32>
    let levelBlends: UnsafeBufferPointer<UInt16>
    /// RGB bytes, three per ray.
    let output: UnsafeMutableBufferPointer<UInt8>
    /// `Self.weightTable`'s vectors.
    let weights: UnsafeBufferPointer<SIMD8<UInt16>>
    /// Which loop samples a full sphere.
    let kernel: SamplerKernel

    /// Each 8-bit fraction's weights as vectors, read instead of broadcast (broadcasting takes
    /// shuffles, the busiest kind of instruction here), for fractions 0...255: at `fraction`, the
    /// fraction in every lane; at 256 + `fraction`, 256 − fraction in every lane; at 512 +
    /// `fraction`, 256 − fraction in four lanes and the fraction in four.
    static let weightTable: [SIMD8<UInt16>] =
        (0..<256).map { SIMD8(repeating: UInt16($0)) }
        + (0..<256).map { SIMD8(repeating: UInt16(256 - $0)) } + (0..<256).map(acrossWeights)

    /// 256 − `fraction` in the left texel's four lanes, `fraction` in the right texel's.
    private static func acrossWeights(_ fraction: Int) -> SIMD8<UInt16> {
        let right = UInt16(fraction)
        let left = 256 - right
        return SIMD8(lowHalf: SIMD4(repeating: left), highHalf: SIMD4(repeating: right))
    }

    /// Samples the rays with indices in `range` into `output`.
    func sample(_ range: Range<Int>) {
        if isFullSphere, kernel == .avx2, range.count >= SW_MIN_RAYS, fitsThirtyTwoBitLanes {
            sampleWithAVX2(range)
        } else if isFullSphere {
            // Two copies of one loop, each with the test on `isFullSphere` folded away.
            sample(range, wrapping: true)
        } else {
            sample(range, wrapping: false)
        }
    }

    /// True where `CSampler`'s loop can take this pyramid: at most `SW_MAX_LEVELS` levels, the
    /// texels' byte offsets and the shifted columns within its 32-bit lanes.
    private var fitsThirtyTwoBitLanes: Bool {
        levels.count <= SW_MAX_LEVELS && texels.count <= Int(Int32.max) / 4 && span < 1 << 30
    }

    /// `sample(range, wrapping: true)`, by `CSampler`'s loop.
    private func sampleWithAVX2(_ range: Range<Int>) {
        var pass = sw_sampler_pass(
            texels: texels.baseAddress, levels: levels.baseAddress, level_count: levels.count, columns: columns.baseAddress,
            rows: rows.baseAddress, level_blends: levelBlends.baseAddress, shift: shift, span: span, output: output.baseAddress)
        sw_sample_full_sphere_avx2(&pass, range.lowerBound, range.upperBound)
    }

    @inline(__always)
    private func sample(_ range: Range<Int>, wrapping: Bool) {
        guard let texelBase = texels.baseAddress, let out = output.baseAddress else { return }
        let texels = UnsafeRawPointer(texelBase)
        let levels = self.levels
        let columns = self.columns
        let rows = self.rows
        let levelBlends = self.levelBlends
        let weights = self.weights.baseAddress!
        let shift = self.shift
        let span = self.span
        let levelZero = levels[0]
        let width = levelZero.max_x &+ 256
        let height = levelZero.max_y &+ 256
        let last = range.upperBound &- 1
        for i in range {
            var x = Int(columns[i]) &+ shift
            if x >= span { x &-= span } else if x < 0 { x &+= span }
            let y = Int(rows[i])
            if !wrapping, x >= width || y < 0 || y > height {
                if !keepsOutside { Self.store(.zero, at: out + i &* 3, isLast: true) }
                continue
            }
            let levelBlend = Int(levelBlends[i])
            var texel: SIMD4<UInt16>
            if levelBlend == 0 {
                // The full-resolution level alone, where the view magnifies: its shifts fold away.
                texel = Self.bilinear(texels, levelZero, level: 0, x: x, y: y, wrapping: wrapping, weights: weights)
            } else {
                let level = levelBlend &>> 8
                let blend = levelBlend & 0xFF
                texel = Self.bilinear(texels, levels[level], level: level, x: x, y: y, wrapping: wrapping, weights: weights)
                if blend != 0 {
                    let coarser = Self.bilinear(
                        texels, levels[level &+ 1], level: level &+ 1, x: x, y: y, wrapping: wrapping, weights: weights)
                    texel = (texel &* weights[256 &+ blend].lowHalf &+ coarser &* weights[blend].lowHalf &+ 128) &>> 8
                }
            }
            // Round a full sphere, four bytes at once except for the range's last pixel: the
            // fourth is the next pixel's red, written again in the next step (the next range's
            // is another worker's). A cropped image may skip the next pixel, keeping what is there.
            Self.store(texel, at: out + i &* 3, isLast: !wrapping || i == last)
        }
    }

    /// Writes red, green and blue (lanes 0–2, each 0...255) as three bytes, and with `isLast`
    /// false a fourth byte after them, which the next pixel overwrites.
    @inline(__always)
    private static func store(_ texel: SIMD4<UInt16>, at pointer: UnsafeMutablePointer<UInt8>, isLast: Bool) {
        let bytes = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: texel), to: UInt32.self)
        let raw = UnsafeMutableRawPointer(pointer)
        if isLast {
            raw.storeBytes(of: UInt16(truncatingIfNeeded: bytes), as: UInt16.self)
            raw.storeBytes(of: UInt8(truncatingIfNeeded: bytes &>> 16), toByteOffset: 2, as: UInt8.self)
        } else {
            raw.storeBytes(of: bytes, as: UInt32.self)
        }
    }

    /// Bilinear sample of one level at level-0 coordinates (texels with 8 fractional bits, x
    /// within the image): red, green, blue and the unused fourth byte in 16-bit lanes, 0...255.
    /// With `wrapping` (a full sphere, whose rows the table keeps within its height), the
    /// pyramid's frame supplies the texels beyond each edge; without, coordinates are clamped to
    /// the image.
    @inline(__always)
    private static func bilinear(
        _ texels: UnsafeRawPointer, _ info: sw_sampler_level, level: Int, x fixedX: Int, y fixedY: Int, wrapping: Bool,
        weights: UnsafePointer<SIMD8<UInt16>>
    ) -> SIMD4<UInt16> {
        // Pixel centres sit at half a texel: subtract 0.5 (128 in fixed point).
        var x = (fixedX &>> level) &- 128
        var y = (fixedY &>> level) &- 128
        if !wrapping {
            x = min(max(x, 0), info.max_x)
            y = min(max(y, 0), info.max_y)
        }
        let top = texels + (info.offset &+ (y &>> 8) &* info.stride &+ (x &>> 8)) &* 4
        let bottom = top + info.stride &* 4
        // The view's next rows sample a row or two further down. A view row follows a curve across
        // the image's rows, a few texels on each, so the hardware prefetcher, which follows runs of
        // adjacent cache lines, does not foresee those lines; asked for here, they are in cache by
        // the time they are read (docs/performance.md). Two rows below the lower one: one row
        // below was slower.
        sw_prefetch_for_reading(bottom + info.stride &* 8)
        // Each load is a texel and its right-hand neighbour: two texels' four channels.
        let upper = SIMD8<UInt16>(truncatingIfNeeded: top.loadUnaligned(as: SIMD8<UInt8>.self))
        let lower = SIMD8<UInt16>(truncatingIfNeeded: bottom.loadUnaligned(as: SIMD8<UInt8>.self))
        // upper·(256 − down) + lower·down, rounded: exact in 16 bits, as the sum is at most 255·256.
        let down = y & 0xFF
        let vertical = (upper &* weights[256 &+ down] &+ lower &* weights[down] &+ 128) &>> 8
        // 256 - right for the left texel's lanes, right for the right texel's.
        let weighted = vertical &* weights[512 &+ (x & 0xFF)]
        return (weighted.lowHalf &+ weighted.highHalf &+ 128) &>> 8
    }
}

extension sw_sampler_level {
    /// One mip level's layout as the sampler reads it.
    init(_ level: MipPyramid.Level) {
        self.init(offset: level.offset, stride: level.stride, max_x: (level.width - 1) << 8, max_y: (level.height - 1) << 8)
    }
}
