import PanoCore
import SystemIO

/// Opens an image file as a full equirectangular panorama.
package enum PanoramaLoader {
    /// Decodes `path` and checks that it is a full 360×180 panorama (2:1). `minimumWidth`, when
    /// given, lets a JPEG decode at a reduced scale that still has that many pixels round the
    /// circle (see `neededWidth`).
    package static func load(
        _ path: String, centerHeading: Double = 0, limits: DecodeLimits = .standard, minimumWidth: Int? = nil
    ) throws(PanoramaError) -> EquirectPanorama {
        try loadScaled(path, centerHeading: centerHeading, limits: limits, minimumWidth: minimumWidth).panorama
    }

    /// As `load`, with the widest the file can be decoded within `limits` (pixels round the
    /// circle), so a larger decode is not asked for in vain.
    package static func loadScaled(
        _ path: String, centerHeading: Double = 0, limits: DecodeLimits = .standard, minimumWidth: Int? = nil
    ) throws(PanoramaError) -> (panorama: EquirectPanorama, widest: Int) {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: limits.maxFileBytes) } catch { throw .image(.file(error)) }
        return try loadScaled(bytes, name: path, centerHeading: centerHeading, limits: limits, minimumWidth: minimumWidth)
    }

    /// As `loadScaled(_:centerHeading:limits:minimumWidth:)`, for the image's bytes; `name`
    /// identifies them in messages. A camera `tilt` is undone (`EquirectLevelling`) before the
    /// mip levels are built, on `runner`.
    package static func loadScaled(
        _ bytes: [UInt8], name path: String, centerHeading: Double = 0, limits: DecodeLimits = .standard, minimumWidth: Int? = nil,
        tilt: CameraTilt? = nil, runner: any ParallelRunner = SerialRunner()
    ) throws(PanoramaError) -> (panorama: EquirectPanorama, widest: Int) {
        let decoded: (image: RGBImage, scale: Int)
        do {
            decoded = try ImageDecoder.decodeScaled(bytes, name: path, limits: limits, minimumWidth: minimumWidth)
        } catch {
            throw .image(error)
        }
        let image = decoded.image
        guard EquirectPanorama.isFullSphere(width: image.width, height: image.height) else {
            throw .notEquirectangular(path: path, width: image.width, height: image.height)
        }
        let (fileWidth, fileHeight) = (image.width * decoded.scale, image.height * decoded.scale)
        let widest = fileWidth / ImageDecoder.scaleDenominator(width: fileWidth, height: fileHeight, minimumWidth: nil, limits: limits)
        let level = tilt.map { EquirectLevelling.level(image, tilt: $0, runner: runner) } ?? image
        return (EquirectPanorama(image: level, centerHeading: centerHeading), widest)
    }
}

extension PanoramaLoader {
    /// Pixels round the full circle that a view `viewWidth` pixels wide can resolve at its
    /// narrowest field of view (degrees across that width): more would be averaged away.
    package static func neededWidth(viewWidth: Int, narrowestFOV: Double) -> Int {
        Int((Double(viewWidth) * 360 / max(narrowestFOV, 1)).rounded(.up))
    }
}

/// Why a file could not be opened as a panorama.
package enum PanoramaError: Error, Equatable, Sendable, CustomStringConvertible {
    case image(ImageError)
    case notEquirectangular(path: String, width: Int, height: Int)
    /// The image does not fit the cropped area its metadata describes.
    case badCrop(path: String)

    package var description: String {
        switch self {
        case .image(let error): error.description
        case .notEquirectangular(let path, let width, let height):
            "\(path): not a 360×180 equirectangular panorama (\(width)×\(height) is not 2:1)"
        case .badCrop(let path): "\(path): the image does not fit the cropped area its metadata gives"
        }
    }
}
