#if canImport(Glibc)
import Glibc
#endif

/// The colour error a viewer perceives between a picture as drawn and the view it stands for:
/// both are blurred as the eye averages them (a Gaussian in linear light, `sigma` pixels), then
/// compared pixel by pixel as CIELAB ΔE (CIE 1976, D65 white). A dithered picture scores by the
/// colours it makes on average, which PSNR punishes as noise; 1 is a just noticeable difference,
/// below 2–3 hard to see at a glance, above 10 another colour.
public enum PerceivedColourError {
    /// Mean ΔE*ab over the pixels of `a` and `b` (the same size), after both are blurred with a
    /// Gaussian of `sigma` pixels (> 0; cut at 3 sigma, edges repeated).
    public static func meanDeltaE(_ a: RGBImage, _ b: RGBImage, sigma: Double) -> Double {
        precondition(a.width == b.width && a.height == b.height, "ΔE needs images of the same size")
        guard a.width > 0, a.height > 0 else { return 0 }
        let (labA, labB) = (lab(blurred(a, sigma: sigma), width: a.width), lab(blurred(b, sigma: sigma), width: b.width))
        var sum = 0.0
        for i in stride(from: 0, to: labA.count, by: 3) {
            let (dl, da, db) = (labA[i] - labB[i], labA[i + 1] - labB[i + 1], labA[i + 2] - labB[i + 2])
            sum += (dl * dl + da * da + db * db).squareRoot()
        }
        return sum / Double(labA.count / 3)
    }

    /// The image in linear light (0...1 a channel), blurred along rows then columns.
    static func blurred(_ image: RGBImage, sigma: Double) -> [Double] {
        let decode = (0..<256).map { linear(Double($0) / 255) }
        var light = image.pixels.map { decode[Int($0)] }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        let kernel = weights.map { $0 / total }
        light = pass(light, width: image.width, height: image.height, kernel: kernel, alongRows: true)
        return pass(light, width: image.width, height: image.height, kernel: kernel, alongRows: false)
    }

    /// One separable pass of `kernel` (odd length, centred) over three-channel `values`.
    private static func pass(_ values: [Double], width: Int, height: Int, kernel: [Double], alongRows: Bool) -> [Double] {
        let radius = kernel.count / 2
        var out = [Double](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = (0.0, 0.0, 0.0)
                for (k, weight) in kernel.enumerated() {
                    let offset = k - radius
                    let (sx, sy) = alongRows ? (min(max(x + offset, 0), width - 1), y) : (x, min(max(y + offset, 0), height - 1))
                    let i = (sy * width + sx) * 3
                    sum = (sum.0 + weight * values[i], sum.1 + weight * values[i + 1], sum.2 + weight * values[i + 2])
                }
                let o = (y * width + x) * 3
                (out[o], out[o + 1], out[o + 2]) = sum
            }
        }
        return out
    }

    /// sRGB's transfer function undone (IEC 61966-2-1): an encoded channel 0...1 to linear light.
    public static func linear(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// CIELAB (L*, a*, b*) of each linear-light sRGB pixel, through CIE XYZ with the D65 white.
    static func lab(_ light: [Double], width: Int) -> [Double] {
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        var out = [Double](repeating: 0, count: light.count)
        for i in stride(from: 0, to: light.count, by: 3) {
            let (r, g, b) = (light[i], light[i + 1], light[i + 2])
            let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
            let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
            let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
            let (fx, fy, fz) = (f(x), f(y), f(z))
            (out[i], out[i + 1], out[i + 2]) = (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
        }
        return out
    }
}
