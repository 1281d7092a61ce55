/// Caps checked before anything large is allocated.
public struct DecodeLimits: Sendable {
    /// Largest file read, bytes.
    public var maxFileBytes: Int
    /// Largest width or height, pixels.
    public var maxDimension: Int
    /// Largest width × height of the decoded image, pixels.
    public var maxPixels: Int
    /// Most progressive JPEG scans accepted.
    public var maxScans: Int

    public init(maxFileBytes: Int, maxDimension: Int, maxPixels: Int, maxScans: Int) {
        self.maxFileBytes = maxFileBytes
        self.maxDimension = maxDimension
        self.maxPixels = maxPixels
        self.maxScans = maxScans
    }

    /// Room for a 16384×8192 panorama (the largest Street View serves) and no more.
    public static let standard = DecodeLimits(
        maxFileBytes: 256 << 20, maxDimension: 16384, maxPixels: 16384 * 8192, maxScans: 100
    )
}
