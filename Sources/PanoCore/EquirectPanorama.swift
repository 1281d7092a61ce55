/// An equirectangular panorama: row 0 of the full sphere looks straight up, the last row straight
/// down, and the sphere's horizontal centre faces `centerHeading`. The image may cover only part
/// of the sphere (`coverage`); the rest renders black.
public struct EquirectPanorama: Sendable {
    /// The image and its prefiltered halvings, for sampling without aliasing.
    public let pyramid: MipPyramid
    /// Compass heading of the full sphere's horizontal centre, degrees clockwise from north,
    /// [0, 360) (GPano PoseHeadingDegrees).
    public let centerHeading: Double
    /// Where the image lies on the full sphere.
    public let coverage: PanoramaCoverage
    /// Sharper imagery of part of the sphere (or all of it), drawn over the image where it
    /// covers: the tiles of a tiled panorama that the view needs. Nil for a plain image.
    public var detail: DetailLayer?

    /// A panorama from an image; without `coverage` the image is the full sphere. Builds the
    /// mip pyramid (about a third more memory than the image); with `prefiltered` false it keeps
    /// the image alone, so every view samples it bilinearly (for reference renderings).
    public init(image: RGBImage, centerHeading: Double = 0, coverage: PanoramaCoverage? = nil, prefiltered: Bool = true) {
        pyramid = prefiltered ? MipPyramid(image) : MipPyramid(singleLevel: image)
        self.centerHeading = Degrees.wrap360(centerHeading.isFinite ? centerHeading : 0)
        self.coverage = coverage ?? .full(imageWidth: image.width)
    }

    /// Largest relative departure from a 2:1 aspect ratio accepted as a full panorama.
    public static let aspectTolerance = 0.01

    /// True when the image is 2:1 within `aspectTolerance`, as a full 360×180 panorama must be.
    public static func isFullSphere(width: Int, height: Int) -> Bool {
        guard width > 1, height > 0 else { return false }
        let ratio = Double(width) / Double(2 * height)
        return abs(ratio - 1) <= aspectTolerance
    }
}

/// A finer image of part of the sphere, sampled in place of the panorama's own image wherever it
/// covers (`EquirectPanorama.detail`). Its mip pyramid is its own, so a pixel's level is chosen
/// against the detail's resolution.
public struct DetailLayer: Sendable {
    /// The window's pixels and their halvings.
    public let pyramid: MipPyramid
    /// Where the window lies on the sphere; its `fullWidthPixels` is the resolution it is from.
    public let coverage: PanoramaCoverage

    public init(image: RGBImage, coverage: PanoramaCoverage) {
        pyramid = MipPyramid(image)
        self.coverage = coverage
    }
}
