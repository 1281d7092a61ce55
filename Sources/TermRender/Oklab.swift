import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// Oklab coordinates (Björn Ottosson, 2020) in single precision, for the dithers' per-sample
/// arithmetic: L 0...1, a and b about ±0.4.
enum Oklab {
    /// The coordinates of an sRGB colour.
    @inline(__always)
    static func of(_ colour: RGB) -> SIMD3<Float> { of(linear: CellDither.linear(colour)) }

    /// The coordinates of a colour in linear light (each channel 0...1).
    @inline(__always)
    static func of(linear: SIMD3<Float>) -> SIMD3<Float> { of(linear: linear, cubeRoot: cbrtf) }

    /// Ottosson's two matrices, with the cube root between them, at the precision of `T`: the
    /// one place they are written (`ColorPalette.oklab` takes them in double precision).
    @inline(__always)
    static func of<T: BinaryFloatingPoint & SIMDScalar>(linear: SIMD3<T>, cubeRoot: (T) -> T) -> SIMD3<T> {
        let l = cubeRoot(0.4122214708 * linear.x + 0.5363325363 * linear.y + 0.0514459929 * linear.z)
        let m = cubeRoot(0.2119034982 * linear.x + 0.6806995451 * linear.y + 0.1073969566 * linear.z)
        let s = cubeRoot(0.0883024619 * linear.x + 0.2817188376 * linear.y + 0.6299787005 * linear.z)
        return SIMD3(
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }
}
