#if canImport(Glibc)
import Glibc
#endif

/// Measures of how alike two images are.
public enum ImageMetrics {
    /// Peak signal-to-noise ratio in decibels over all channels of two images of the same size;
    /// +infinity when they are identical. Higher is more alike: 30 dB is close, 40 dB is hard to
    /// tell apart.
    public static func psnr(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "PSNR needs images of the same size")
        return psnr(a.pixels, b.pixels)
    }

    /// PSNR in decibels of two equally long byte sequences (8-bit samples).
    public static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count, "PSNR needs equally many samples")
        guard !a.isEmpty else { return .infinity }
        var sum = 0.0
        for i in a.indices {
            let d = Double(Int(a[i]) - Int(b[i]))
            sum += d * d
        }
        guard sum > 0 else { return .infinity }
        let meanSquare = sum / Double(a.count)
        return 10 * log10(255 * 255 / meanSquare)
    }
}
