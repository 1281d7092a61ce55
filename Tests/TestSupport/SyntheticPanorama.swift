import PanoCore

/// Panoramas whose colour at every direction is known, for checking geometry.
package enum SyntheticPanorama {
    package static let north = RGB(255, 0, 0)
    package static let east = RGB(0, 255, 0)
    package static let south = RGB(0, 0, 255)
    package static let west = RGB(255, 255, 0)
    package static let up = RGB(255, 255, 255)
    package static let down = RGB(0, 0, 0)

    /// Above 45° elevation white, below -45° black; in between the colour of the nearest
    /// cardinal direction (north red, east green, south blue, west yellow). The image centre
    /// faces `centerHeading`.
    package static func cardinal(width: Int = 256, centerHeading: Double = 0) -> EquirectPanorama {
        var image = RGBImage(width: width, height: width / 2)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let orientation = direction(x: x, y: y, width: width, centerHeading: centerHeading)
                image[x, y] = colour(for: orientation)
            }
        }
        return EquirectPanorama(image: image, centerHeading: centerHeading)
    }

    /// The colour `cardinal` gives to a direction.
    package static func colour(for orientation: Orientation) -> RGB {
        if orientation.pitch > 45 { return up }
        if orientation.pitch < -45 { return down }
        switch Int(((orientation.heading + 45) / 90).rounded(.down)) % 4 {
        case 0: return north
        case 1: return east
        case 2: return south
        default: return west
        }
    }

    /// The direction through the centre of pixel (x, y) of a `width`-wide panorama.
    package static func direction(x: Int, y: Int, width: Int, centerHeading: Double) -> Orientation {
        let height = width / 2
        let heading = centerHeading + (Double(x) + 0.5) / Double(width) * 360 - 180
        let pitch = 90 - (Double(y) + 0.5) / Double(height) * 180
        return Orientation(heading: Degrees.wrap360(heading), pitch: pitch)
    }

    /// A smooth pattern with a different colour in every pixel, for round-trip tests.
    package static func gradient(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGB(UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), UInt8((x + y) % 256))
            }
        }
        return image
    }
}
