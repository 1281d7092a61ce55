/// A full 360×180 equirectangular panorama: row 0 looks straight up, the last row straight
/// down, and the image's horizontal centre faces `centerHeading`.
public struct EquirectPanorama: Sendable {
    /// The pixels; any size, though a full panorama is twice as wide as it is high.
    public let image: RGBImage
    /// Compass heading of the image's horizontal centre, degrees clockwise from north, [0, 360)
    /// (GPano PoseHeadingDegrees).
    public let centerHeading: Double

    public init(image: RGBImage, centerHeading: Double = 0) {
        self.image = image
        self.centerHeading = Degrees.wrap360(centerHeading.isFinite ? centerHeading : 0)
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
