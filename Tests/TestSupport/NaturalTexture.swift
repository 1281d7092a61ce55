import Foundation
import PanoCore

/// Panoramas with the statistics of a photograph rather than of a test card: the "dead leaves"
/// model (discs of random colour dropped on top of one another, their radii spread as 1/r³),
/// which has the 1/frequency spectrum and the sharp occluding edges measured in natural scenes.
/// ISO 19567-2 measures cameras' loss of texture with the same pattern. Lossy coding and
/// resampling cost it what they cost a photo, where a hash of positions would punish any blur and
/// a smooth pattern none.
package enum NaturalTexture {
    /// An equirectangular panorama `width` × `width / 2`, discs wrapping round the seam; the same
    /// `seed` gives the same pixels. The discs are drawn at four times the size and each 4×4 block
    /// averaged, as a sensor integrates the light over each photosite, so edges are antialiased
    /// as in a photo; their colours vary in brightness more than in hue, as a street's do.
    package static func panorama(width: Int, seed: UInt64 = 1) -> RGBImage {
        leaves(width: width * 4, seed: seed).halved().halved()
    }

    /// Discs of radii 8...`width / 10` pixels (2 pixels and up once `panorama` averages 4×4) covering a `width` × `width / 2` image.
    private static func leaves(width: Int, seed: UInt64) -> RGBImage {
        let height = width / 2
        var image = RGBImage(width: width, height: height)
        var generator = SeededGenerator(seed: seed)
        let (smallest, largest) = (8.0, Double(width) / 10)
        // The mean disc area for this spread of radii is 2π·smallest²·ln(largest / smallest):
        // enough discs to cover the image ten times over.
        let discs = Int(10 * Double(width * height) / (2 * .pi * smallest * smallest * log(largest / smallest)))
        for _ in 0..<discs {
            // Inverse transform sampling of p(r) ∝ r⁻³ on smallest...largest.
            let u = Double.random(in: 0...1, using: &generator)
            let radius = 1 / (1 / (smallest * smallest) - u * (1 / (smallest * smallest) - 1 / (largest * largest))).squareRoot()
            let centre = (
                x: Double.random(in: 0..<Double(width), using: &generator), y: Double.random(in: 0..<Double(height), using: &generator)
            )
            let grey = Int.random(in: 70...185, using: &generator)
            let (warm, green) = (Int.random(in: -20...20, using: &generator), Int.random(in: -20...20, using: &generator))
            let colour = RGB(UInt8(grey + warm), UInt8(grey + green), UInt8(grey - warm))
            let rows = max(0, Int(centre.y - radius))...min(height - 1, Int(centre.y + radius))
            for y in rows {
                let dy = Double(y) + 0.5 - centre.y
                let half = (radius * radius - dy * dy).squareRoot()
                guard half.isFinite, half >= 0.5 else { continue }
                for x in Int((centre.x - half).rounded())..<Int((centre.x + half).rounded()) {
                    image[(x % width + width) % width, y] = colour
                }
            }
        }
        return image
    }
}
