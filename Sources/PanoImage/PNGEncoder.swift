import CPNG
import PanoCore
import SystemIO

/// Writes RGB images as PNG files.
package enum PNGEncoder {
    /// Encodes an image as PNG bytes.
    package static func encode(_ image: RGBImage, name: String) throws(ImageError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            sw_png_encode_rgb(pixels.baseAddress, Int32(image.width), Int32(image.height), &output, &size, &message, message.count)
        }
        defer { sw_png_free_bytes(output) }
        guard status == SW_PNG_OK, let output else {
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .notWritable(path: name, reason: detail)
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// Encodes an image and writes it atomically to `path` (a new path or a regular file).
    package static func write(_ image: RGBImage, to path: String) throws(ImageError) {
        let bytes = try encode(image, name: path)
        do { try OutputFile.replaceWhole(path, with: bytes) } catch { throw .file(error) }
    }
}
