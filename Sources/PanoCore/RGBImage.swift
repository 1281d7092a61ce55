/// An 8-bit colour: red, green, blue, each 0...255.
public struct RGB: Equatable, Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    @inlinable
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public static let black = RGB(0, 0, 0)
    public static let white = RGB(255, 255, 255)
}

/// A packed 8-bit RGB raster, row-major from the top-left, 3 bytes per pixel, no padding.
public struct RGBImage: Equatable, Sendable {
    /// Width in pixels, >= 0.
    public let width: Int
    /// Height in pixels, >= 0.
    public let height: Int
    /// `width * height * 3` bytes: R, G, B of each pixel in turn.
    public var pixels: [UInt8]

    /// A black image of the given size.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "image dimensions must not be negative")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// Wraps existing pixel bytes; `pixels.count` must be `width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 3,
            "pixel buffer does not match the image size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x` in [0, width) and row `y` in [0, height).
    @inlinable
    public subscript(x: Int, y: Int) -> RGB {
        get {
            let i = (y * width + x) * 3
            return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
        }
        set {
            let i = (y * width + x) * 3
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
        }
    }
}
