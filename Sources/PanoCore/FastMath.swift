/// A polynomial arctangent for building ray tables: maximum error about 1e-5 rad (0.0006°),
/// which is under a hundredth of a pixel in a 4096-pixel-wide panorama, at a fraction of the
/// cost of libm's atan2f.
enum FastAtan {
    /// atan2(y, x) of eight pairs at once, in radians, (-π, π]; 0 for (0, 0).
    @inline(__always)
    static func atan2(_ y: SIMD8<Float>, _ x: SIMD8<Float>) -> SIMD8<Float> {
        let signBits = SIMD8<Int32>(repeating: Int32.min)
        let ax = LaneMath.bits(x) & ~signBits
        let ay = LaneMath.bits(y) & ~signBits
        // Non-negative floats order as their bit patterns do.
        let yLarger = LaneMath.negative(ax &- ay)
        let larger = LaneMath.select(yLarger, ay, ax)
        let smaller = LaneMath.select(yLarger, ax, ay)
        // (0, 0) gives 0: t is 0 over a denominator of 1.
        let denominator = LaneMath.select(LaneMath.negative(larger &- 1), LaneMath.bits(SIMD8(repeating: 1)), larger)
        let t = LaneMath.float(smaller) / LaneMath.float(denominator)
        let t2 = t * t
        // The polynomial a step at a time (one expression is too much for the type checker).
        // A minimax polynomial for atan on [0, 1].
        var p = t2 * SIMD8<Float>(repeating: -0.011_721_20) + 0.052_653_32
        p = p * t2 - 0.116_432_87
        p = p * t2 + 0.193_543_46
        p = p * t2 - 0.332_623_47
        p = p * t2 + 0.999_977_26
        var r = t * p
        r = LaneMath.float(LaneMath.select(yLarger, LaneMath.bits(Float.pi / 2 - r), LaneMath.bits(r)))
        r = LaneMath.float(LaneMath.select(LaneMath.negative(LaneMath.bits(x)), LaneMath.bits(Float.pi - r), LaneMath.bits(r)))
        // A negative y (its sign bit) negates the angle.
        return LaneMath.float(LaneMath.bits(r) ^ (LaneMath.bits(y) & signBits))
    }
}

/// Lane-wise choices written as integer arithmetic on bit patterns. The standard library's
/// comparisons into `SIMDMask`, `replacing(with:where:)` and `pointwiseMin` compile to a loop
/// over the lanes here (Swift 6.3, x86-64), ten times slower than these.
public enum LaneMath {
    @inlinable @inline(__always)
    public static func bits(_ values: SIMD8<Float>) -> SIMD8<Int32> {
        unsafeBitCast(values, to: SIMD8<Int32>.self)
    }

    @inlinable @inline(__always)
    public static func float(_ bits: SIMD8<Int32>) -> SIMD8<Float> {
        unsafeBitCast(bits, to: SIMD8<Float>.self)
    }

    /// All ones in the lanes where `values` is negative, zeros elsewhere: a mask for `select`.
    @inlinable @inline(__always)
    public static func negative(_ values: SIMD8<Int32>) -> SIMD8<Int32> {
        values &>> 31
    }

    /// `whenSet` where `mask` is all ones, `otherwise` where it is zero.
    @inlinable @inline(__always)
    public static func select(_ mask: SIMD8<Int32>, _ whenSet: SIMD8<Int32>, _ otherwise: SIMD8<Int32>) -> SIMD8<Int32> {
        (whenSet & mask) | (otherwise & ~mask)
    }

    /// Each lane clamped to 0...upper (upper >= 0).
    @inlinable @inline(__always)
    public static func clamp(_ values: SIMD8<Int32>, upTo upper: Int32) -> SIMD8<Int32> {
        let floored = values & ~negative(values)
        let over = SIMD8(repeating: upper) &- floored
        return floored &+ (over & negative(over))
    }
}

/// A quick base-2 logarithm for choosing mip levels: error under 0.01, finer than the 8-bit
/// blend between levels can show.
enum FastLog2 {
    /// log2 of eight finite values > 0 at once.
    @inline(__always)
    static func of(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let bits = unsafeBitCast(x, to: SIMD8<UInt32>.self)
        let exponent = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: (bits &>> 23) & 0xFF) &- 127)
        let m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F80_0000, to: SIMD8<Float>.self) - 1
        var p = m * SIMD8<Float>(repeating: 0.278_652) - 0.721_348
        p = p * m + 1.442_695
        return exponent + m * p
    }
}
