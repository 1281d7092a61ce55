/// The part of the full sphere an image covers, as GPano's cropped-area fields describe it:
/// the image is `CroppedAreaImageWidthPixels` × `...HeightPixels` placed at
/// (`CroppedAreaLeftPixels`, `CroppedAreaTopPixels`) in a full panorama of
/// `FullPanoWidthPixels` × `FullPanoHeightPixels`. Directions outside it render black.
public struct PanoramaCoverage: Equatable, Sendable {
    /// Left edge, as a fraction of the full width, [0, 1).
    public let left: Double
    /// Top edge, as a fraction of the full height, [0, 1).
    public let top: Double
    /// Covered width, as a fraction of the full width, (0, 1].
    public let width: Double
    /// Covered height, as a fraction of the full height, (0, 1].
    public let height: Double
    /// Width of the full panorama in pixels of this image's resolution, > 0.
    public let fullWidthPixels: Double

    /// The whole sphere, for an image `imageWidth` pixels wide.
    public static func full(imageWidth: Int) -> PanoramaCoverage {
        PanoramaCoverage(left: 0, top: 0, width: 1, height: 1, fullWidthPixels: Double(max(imageWidth, 1)))
    }

    private init(left: Double, top: Double, width: Double, height: Double, fullWidthPixels: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.fullWidthPixels = fullWidthPixels
    }

    /// Coverage from GPano's pixel fields; nil when they are inconsistent (non-positive sizes, the
    /// crop larger than the full panorama, or an offset that puts it outside).
    public init?(fullWidth: Int, fullHeight: Int, left: Int, top: Int, croppedWidth: Int, croppedHeight: Int) {
        guard fullWidth > 0, fullHeight > 0, croppedWidth > 0, croppedHeight > 0,
            left >= 0, top >= 0, croppedWidth <= fullWidth, top + croppedHeight <= fullHeight,
            left < fullWidth
        else { return nil }
        self.left = Double(left) / Double(fullWidth)
        self.top = Double(top) / Double(fullHeight)
        width = Double(croppedWidth) / Double(fullWidth)
        height = Double(croppedHeight) / Double(fullHeight)
        fullWidthPixels = Double(fullWidth)
    }

    /// True when the image covers the whole sphere, so columns wrap around.
    public var isFullSphere: Bool { left == 0 && top == 0 && width == 1 && height == 1 }
}
