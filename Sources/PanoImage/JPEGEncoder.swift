import CJPEG
import PanoCore

/// Writes RGB images as JPEG: baseline or progressive, colour, greyscale, or CMYK/YCCK as print
/// workflows store it.
package enum JPEGEncoder {
    /// How the colours are stored.
    package enum Storage: Int32, Sendable {
        case rgb = 0
        /// Adobe (inverted) CMYK.
        case cmyk = 1
        /// YCCK with an Adobe marker.
        case ycck = 2
    }

    /// Encodes an image as JPEG bytes; `quality` in 1...100. `fullChroma` keeps colour at every
    /// pixel (4:4:4) instead of libjpeg's default of one colour per 2×2 pixels (4:2:0).
    package static func encode(
        _ image: RGBImage, quality: Int = 90, fullChroma: Bool = false, progressive: Bool = false, grayscale: Bool = false,
        storage: Storage = .rgb, name: String = "memory"
    ) throws(ImageError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let options = sw_jpeg_encode_options(
            quality: Int32(min(max(quality, 1), 100)), progressive: progressive ? 1 : 0, grayscale: grayscale ? 1 : 0,
            cmyk: storage.rawValue, full_chroma: fullChroma ? 1 : 0
        )
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            sw_jpeg_encode_rgb(
                pixels.baseAddress, Int32(image.width), Int32(image.height), options, &output, &size, &message, message.count)
        }
        defer { sw_jpeg_free_bytes(output) }
        guard status == SW_JPEG_OK, let output else {
            throw .notWritable(
                path: name, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
