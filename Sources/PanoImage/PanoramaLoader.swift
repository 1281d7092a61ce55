import PanoCore

/// Opens an image file as a full equirectangular panorama.
public enum PanoramaLoader {
    /// Decodes `path` and checks that it is a full 360×180 panorama (2:1). `minimumWidth`, when
    /// given, lets a JPEG decode at a reduced scale that still has that many pixels round the
    /// circle (see `neededWidth`).
    public static func load(
        _ path: String, centerHeading: Double = 0, limits: DecodeLimits = .standard, minimumWidth: Int? = nil
    ) throws(PanoramaError) -> EquirectPanorama {
        let image: RGBImage
        do {
            image = try ImageDecoder.decodeFile(path, limits: limits, minimumWidth: minimumWidth)
        } catch {
            throw .image(error)
        }
        guard EquirectPanorama.isFullSphere(width: image.width, height: image.height) else {
            throw .notEquirectangular(path: path, width: image.width, height: image.height)
        }
        return EquirectPanorama(image: image, centerHeading: centerHeading)
    }
}

extension PanoramaLoader {
    /// Pixels round the full circle that a view `viewWidth` pixels wide can resolve at its
    /// narrowest field of view (degrees across that width): more would be averaged away.
    public static func neededWidth(viewWidth: Int, narrowestFOV: Double) -> Int {
        Int((Double(viewWidth) * 360 / max(narrowestFOV, 1)).rounded(.up))
    }
}

/// Why a file could not be opened as a panorama.
public enum PanoramaError: Error, Equatable, Sendable, CustomStringConvertible {
    case image(ImageError)
    case notEquirectangular(path: String, width: Int, height: Int)
    /// The image does not fit the cropped area its metadata describes.
    case badCrop(path: String)

    public var description: String {
        switch self {
        case let .image(error): error.description
        case let .notEquirectangular(path, width, height):
            "\(path): not a 360×180 equirectangular panorama (\(width)×\(height) is not 2:1)"
        case let .badCrop(path): "\(path): the image does not fit the cropped area its metadata gives"
        }
    }
}
