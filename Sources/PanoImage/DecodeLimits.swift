/// Caps checked before anything large is allocated (docs/reliability.md, "Memory").
package struct DecodeLimits: Sendable {
    /// Largest file read, bytes.
    package var maxFileBytes: Int
    /// Largest width or height a file may declare, pixels.
    package var maxDimension: Int
    /// Largest width × height a file may declare, pixels.
    package var maxPixels: Int
    /// Most progressive JPEG scans accepted.
    package var maxScans: Int
    /// Most pixels decoded: a larger image is decoded scaled down by 2, 4 or 8 (JPEG by DCT
    /// scaling, PNG by averaging rows as they arrive), so what a file declares never decides
    /// what is allocated. An interlaced PNG, which cannot be scaled as it is read, is refused
    /// above this.
    package var maxDecodedPixels: Int

    package init(maxFileBytes: Int, maxDimension: Int, maxPixels: Int, maxScans: Int, maxDecodedPixels: Int) {
        self.maxFileBytes = maxFileBytes
        self.maxDimension = maxDimension
        self.maxPixels = maxPixels
        self.maxScans = maxScans
        self.maxDecodedPixels = maxDecodedPixels
    }

    /// Files up to a 16384×8192 panorama (the largest Street View serves), decoded to at most
    /// 4096×2048: more than a terminal view resolves at the narrowest field of view (a 200-column
    /// view at zoom 5 needs 3,200 pixels round the circle), 45 MB once prefiltered. A file may
    /// hold 160 MB (1.2 bytes a pixel of the largest, a JPEG at quality 95 and more), so that the
    /// file, held whole while it decodes, and the decode stay within a snapshot's 256 MB.
    package static let standard = DecodeLimits(
        maxFileBytes: 160 << 20, maxDimension: 16384, maxPixels: 16384 * 8192, maxScans: 100, maxDecodedPixels: 4096 * 2048
    )
}
