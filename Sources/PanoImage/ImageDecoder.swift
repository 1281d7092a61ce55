import CJPEG
import CPNG
import PanoCore
import SystemIO

/// Decodes JPEG and PNG files to RGB, telling the format by its first bytes, not its name.
package enum ImageDecoder {
    /// Reads and decodes an image file. `path` is used in error messages as given. With
    /// `minimumWidth`, the image may be decoded at 1/2, 1/4 or 1/8 size (much faster) as long as
    /// it stays at least that wide; an image over `limits.maxDecodedPixels` always is.
    package static func decodeFile(_ path: String, limits: DecodeLimits = .standard, minimumWidth: Int? = nil) throws(ImageError)
        -> RGBImage
    {
        try decodeFileScaled(path, limits: limits, minimumWidth: minimumWidth).image
    }

    /// As `decodeFile`, with the factor the image was scaled down by (1, 2, 4 or 8).
    package static func decodeFileScaled(
        _ path: String, limits: DecodeLimits = .standard,
        minimumWidth: Int? = nil
    ) throws(ImageError) -> (image: RGBImage, scale: Int) {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: limits.maxFileBytes) } catch { throw .file(error) }
        return try decodeScaled(bytes, name: path, limits: limits, minimumWidth: minimumWidth)
    }

    /// Decodes image bytes; `name` identifies them in error messages. `minimumWidth` as for
    /// `decodeFile`.
    package static func decode(_ bytes: [UInt8], name: String, limits: DecodeLimits = .standard, minimumWidth: Int? = nil)
        throws(ImageError)
        -> RGBImage
    {
        try decodeScaled(bytes, name: name, limits: limits, minimumWidth: minimumWidth).image
    }

    /// As `decode`, with the factor the image was scaled down by (1, 2, 4 or 8). Before
    /// decoding, the memory the decoded image will take (about `bytesPerDecodedPixel` a pixel) is
    /// asked of `canAllocate`; a refusal is `.outOfMemory`, a message, rather than an abort later
    /// in an allocation Swift cannot recover from.
    package static func decodeScaled(
        _ bytes: [UInt8], name: String, limits: DecodeLimits = .standard, minimumWidth: Int? = nil,
        canAllocate: (Int) -> Bool = MemoryProbe.canAllocate
    ) throws(ImageError) -> (image: RGBImage, scale: Int) {
        guard !bytes.isEmpty else { throw .empty(path: name) }
        func scaled(_ size: (width: Int, height: Int)?) throws(ImageError) -> Int {
            guard let size else { return 1 }
            let scale = scaleDenominator(width: size.width, height: size.height, minimumWidth: minimumWidth, limits: limits)
            if (1...limits.maxDimension).contains(size.width), (1...limits.maxDimension).contains(size.height),
                !canAllocate((size.width / scale) * (size.height / scale) * bytesPerDecodedPixel)
            {
                throw .outOfMemory(path: name)
            }
            return scale
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            let scale = try scaled(jpegSize(bytes))
            return (try decodeJPEG(bytes, name: name, limits: limits, scaleDenominator: Int32(scale)), scale)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let scale = try scaled(pngSize(bytes))
            let image = try decodePNG(bytes, name: name, limits: limits, scaleDenominator: Int32(scale))
            // An interlaced PNG is decoded whole whatever was asked.
            return (image, max(1, (pngSize(bytes)?.width ?? image.width) / max(image.width, 1)))
        }
        throw .unknownFormat(path: name)
    }

    /// Bytes a decoded pixel takes at the peak of opening a panorama: the decoder's RGB (3), its
    /// copy into Swift (3) and the prefiltered pyramid (4 × 4/3), rounded up.
    package static let bytesPerDecodedPixel = 12

    /// The width and height a PNG's header (IHDR, always the first chunk) declares, or nil.
    package static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func bigEndian(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }

    /// The factor (1, 2, 4 or 8) to decode at: the largest that keeps `minimumWidth` pixels
    /// across, and at least the smallest that fits `limits.maxDecodedPixels`.
    /// Sizes over `limits.maxDimension` get 1: the decoder refuses them from the header (and
    /// their product could overflow).
    package static func scaleDenominator(width: Int, height: Int, minimumWidth: Int?, limits: DecodeLimits) -> Int {
        guard (1...limits.maxDimension).contains(width), (1...limits.maxDimension).contains(height) else { return 1 }
        let preferred = minimumWidth.flatMap { minimum in [8, 4, 2].first { width / $0 >= minimum } } ?? 1
        let fitting = [1, 2, 4, 8].first { (width / $0) * (height / $0) <= limits.maxDecodedPixels } ?? 8
        return max(preferred, fitting)
    }

    private static let messageCapacity = 256

    /// The width and height a JPEG's header declares, or nil when it cannot be read.
    package static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = bytes.withUnsafeBufferPointer { data in
            sw_jpeg_read_size(data.baseAddress, data.count, &width, &height, &message, message.count)
        }
        return status == SW_JPEG_OK ? (Int(width), Int(height)) : nil
    }

    private static func decodeJPEG(_ bytes: [UInt8], name: String, limits: DecodeLimits, scaleDenominator: Int32) throws(ImageError)
        -> RGBImage
    {
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

    private static func decodePNG(_ bytes: [UInt8], name: String, limits: DecodeLimits, scaleDenominator: Int32) throws(ImageError)
        -> RGBImage
    {
        var image = sw_png_image()
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = bytes.withUnsafeBufferPointer { data in
            sw_png_decode(
                data.baseAddress, data.count, limits.maxPixels, Int32(clamping: limits.maxDimension),
                scaleDenominator, limits.maxDecodedPixels, &image, &message, message.count)
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
