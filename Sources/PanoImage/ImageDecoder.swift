import CJPEG
import CPNG
import PanoCore
import SystemIO

/// Decodes JPEG and PNG files to RGB, telling the format by its first bytes, not its name.
public enum ImageDecoder {
    /// Reads and decodes an image file. `path` is used in error messages as given. With
    /// `minimumWidth`, a JPEG may be decoded at 1/2, 1/4 or 1/8 size (libjpeg's DCT scaling,
    /// much faster) as long as it stays at least that wide.
    public static func decodeFile(_ path: String, limits: DecodeLimits = .standard, minimumWidth: Int? = nil) throws(ImageError) -> RGBImage {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: limits.maxFileBytes) } catch { throw .file(error) }
        return try decode(bytes, name: path, limits: limits, minimumWidth: minimumWidth)
    }

    /// Decodes image bytes; `name` identifies them in error messages. `minimumWidth` as for
    /// `decodeFile`.
    public static func decode(_ bytes: [UInt8], name: String, limits: DecodeLimits = .standard, minimumWidth: Int? = nil) throws(ImageError) -> RGBImage {
        guard !bytes.isEmpty else { throw .empty(path: name) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            let scale = minimumWidth.map { jpegScaleDenominator(bytes, minimumWidth: $0) } ?? 1
            return try decodeJPEG(bytes, name: name, limits: limits, scaleDenominator: scale)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return try decodePNG(bytes, name: name, limits: limits)
        }
        throw .unknownFormat(path: name)
    }

    private static let messageCapacity = 256

    /// The width and height a JPEG's header declares, or nil when it cannot be read.
    public static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = bytes.withUnsafeBufferPointer { data in
            sw_jpeg_read_size(data.baseAddress, data.count, &width, &height, &message, message.count)
        }
        return status == SW_JPEG_OK ? (Int(width), Int(height)) : nil
    }

    /// The largest of 1, 2, 4, 8 that keeps the JPEG at least `minimumWidth` wide; 1 when the
    /// header cannot be read (the decode will then say what is wrong).
    private static func jpegScaleDenominator(_ bytes: [UInt8], minimumWidth: Int) -> Int32 {
        guard let (width, _) = jpegSize(bytes) else { return 1 }
        return [8, 4, 2].first { width / Int($0) >= minimumWidth } ?? 1
    }

    private static func decodeJPEG(_ bytes: [UInt8], name: String, limits: DecodeLimits, scaleDenominator: Int32) throws(ImageError) -> RGBImage {
        var image = sw_jpeg_image()
        var message = [CChar](repeating: 0, count: messageCapacity)
        let cLimits = sw_jpeg_limits(
            max_pixels: limits.maxPixels, max_dimension: Int32(clamping: limits.maxDimension),
            max_scans: Int32(clamping: limits.maxScans), scale_denom: scaleDenominator
        )
        let status = bytes.withUnsafeBufferPointer { data in
            sw_jpeg_decode(data.baseAddress, data.count, cLimits, &image, &message, message.count)
        }
        defer { sw_jpeg_free(&image) }
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case SW_JPEG_OK:
            return copyPixels(image.pixels, width: Int(image.width), height: Int(image.height))
        case SW_JPEG_TOO_LARGE: throw .dimensionsTooLarge(path: name, detail: detail)
        case SW_JPEG_TOO_MANY_SCANS: throw .tooManyScans(path: name)
        case SW_JPEG_NO_MEMORY: throw .outOfMemory(path: name)
        default: throw .corrupt(path: name, format: "JPEG", detail: detail)
        }
    }

    private static func decodePNG(_ bytes: [UInt8], name: String, limits: DecodeLimits) throws(ImageError) -> RGBImage {
        var image = sw_png_image()
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = bytes.withUnsafeBufferPointer { data in
            sw_png_decode(data.baseAddress, data.count, limits.maxPixels, Int32(clamping: limits.maxDimension),
                          &image, &message, message.count)
        }
        defer { sw_png_free(&image) }
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case SW_PNG_OK:
            return copyPixels(image.pixels, width: Int(image.width), height: Int(image.height))
        case SW_PNG_TOO_LARGE: throw .dimensionsTooLarge(path: name, detail: detail)
        case SW_PNG_NO_MEMORY: throw .outOfMemory(path: name)
        default: throw .corrupt(path: name, format: "PNG", detail: detail)
        }
    }

    private static func copyPixels(_ pixels: UnsafeMutablePointer<UInt8>?, width: Int, height: Int) -> RGBImage {
        let count = width * height * 3
        guard let pixels, count > 0 else { return RGBImage(width: 0, height: 0) }
        return RGBImage(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }
}
