import PanoCore

/// Opens an image file as a full equirectangular panorama.
public enum PanoramaLoader {
    /// Decodes `path` and checks that it is a full 360×180 panorama (2:1).
    public static func load(_ path: String, centerHeading: Double = 0, limits: DecodeLimits = .standard) throws(PanoramaError) -> EquirectPanorama {
        let image: RGBImage
        do {
            image = try ImageDecoder.decodeFile(path, limits: limits)
        } catch {
            throw .image(error)
        }
        guard EquirectPanorama.isFullSphere(width: image.width, height: image.height) else {
            throw .notEquirectangular(path: path, width: image.width, height: image.height)
        }
        return EquirectPanorama(image: image, centerHeading: centerHeading)
    }
}

/// Why a file could not be opened as a panorama.
public enum PanoramaError: Error, Equatable, Sendable, CustomStringConvertible {
    case image(ImageError)
    case notEquirectangular(path: String, width: Int, height: Int)

    public var description: String {
        switch self {
        case let .image(error): error.description
        case let .notEquirectangular(path, width, height):
            "\(path): not a 360×180 equirectangular panorama (\(width)×\(height) is not 2:1)"
        }
    }
}
