import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// The default panorama: an open plaza under a sky, with the compass painted around it, so
/// that every direction is recognisable. Cardinal points have their own colours (north red,
/// east green, south blue, west amber), labels stand above the horizon every 45°, degree
/// figures every 30°, and the paving is a ground-plane grid, so perspective reads correctly.
package enum CompassSphere {
    /// Eye height above the paving, metres.
    package static let eyeHeight = 2.5
    /// Distance from the viewer where the painted compass arms begin, metres.
    package static let armStart = 1.5
    /// Side of a paving tile, metres.
    package static let tileSize = 2.0

    /// The colour of each cardinal direction: north, east, south, west.
    package static let cardinalColours: [(heading: Double, label: String, colour: RGB)] = [
        (0, "N", RGB(220, 40, 40)), (90, "E", RGB(40, 170, 60)),
        (180, "S", RGB(40, 80, 220)), (270, "W", RGB(235, 170, 20))
    ]

    /// Renders the panorama at `width` × `width / 2` pixels; `width` must be even and >= 64.
    package static func render(width: Int) -> RGBImage {
        var canvas = EquirectCanvas(width: width, height: width / 2)
        canvas.paint(shade)
        for (heading, label, colour) in cardinalColours {
            canvas.drawText(label, heading: heading, elevation: 6, pixelDegrees: 1.6, colour: colour)
        }
        for (heading, label) in [(45.0, "NE"), (135, "SE"), (225, "SW"), (315, "NW")] {
            canvas.drawText(label, heading: heading, elevation: 6, pixelDegrees: 0.9, colour: RGB(250, 250, 250))
        }
        for heading in stride(from: 0, to: 360, by: 30) {
            canvas.drawText("\(heading)", heading: Double(heading), elevation: 1.5, pixelDegrees: 0.45, colour: RGB(20, 20, 40))
        }
        canvas.drawText("SIDEWALK", heading: 0, elevation: 52, pixelDegrees: 1.0, colour: RGB(255, 255, 255))
        return canvas.image
    }

    private static func shade(_ direction: Orientation) -> RGB {
        let pitch = direction.pitch
        if abs(pitch) < 0.25 { return RGB(250, 250, 250) }  // the horizon line
        return pitch > 0 ? sky(direction) : ground(direction)
    }

    private static func sky(_ direction: Orientation) -> RGB {
        let t = min(direction.pitch / 90, 1)
        var colour = mix(RGB(190, 215, 240), RGB(35, 75, 150), t.squareRoot())
        if let cardinal = nearestCardinal(direction.heading, within: 0.4), direction.pitch > 19, direction.pitch < 40 {
            colour = cardinal
        } else if angularDistance(direction.heading.truncatingRemainder(dividingBy: 30), 0) < 0.15 && direction.pitch < 25 {
            colour = mix(colour, .white, 0.5)
        }
        return colour
    }

    private static func ground(_ direction: Orientation) -> RGB {
        let depression = Degrees.radians(-direction.pitch)
        let distance = eyeHeight / tan(depression)
        let h = Degrees.radians(direction.heading)
        let east = distance * sin(h)
        let north = distance * cos(h)
        let tileEast = Int((east / tileSize).rounded(.down))
        let tileNorth = Int((north / tileSize).rounded(.down))
        var colour = (tileEast + tileNorth) & 1 == 0 ? RGB(150, 144, 132) : RGB(112, 106, 98)
        // Painted compass arms along the ground, 0.6 m wide.
        for (heading, _, cardinal) in cardinalColours {
            let a = Degrees.radians(heading)
            let along = east * sin(a) + north * cos(a)
            let across = abs(east * cos(a) - north * sin(a))
            if along > armStart && across < 0.3 { colour = cardinal }
        }
        // Fade into haze far away, where tiles would be smaller than a pixel.
        let haze = min(distance / 120, 1)
        return mix(colour, RGB(170, 175, 180), haze)
    }

    private static func nearestCardinal(_ heading: Double, within degrees: Double) -> RGB? {
        cardinalColours.first { angularDistance(heading, $0.heading) < degrees }?.colour
    }

    private static func angularDistance(_ a: Double, _ b: Double) -> Double {
        abs(Degrees.wrap180(a - b))
    }

    private static func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8((Double(x) * (1 - t) + Double(y) * t).rounded())
        }
        return RGB(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b))
    }
}
