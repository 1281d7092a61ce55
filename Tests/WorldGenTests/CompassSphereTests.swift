import CompassPanorama
import PanoCore
import Testing
import WorldGen

@Suite("Default compass panorama")
struct CompassSphereTests {
    /// The colour of the generated panorama at a direction.
    private func colour(_ image: RGBImage, heading: Double, pitch: Double) -> RGB {
        let x = Int(Degrees.wrap360(heading + 180) / 360 * Double(image.width)) % image.width
        let y = min(Int((90 - pitch) / 180 * Double(image.height)), image.height - 1)
        return image[x, y]
    }

    @Test("each cardinal direction shows its colour in the sky and on the ground")
    func cardinalColours() {
        let image = CompassSphere.render(width: 512)
        #expect(image.width == 512 && image.height == 256)
        for (heading, _, expected) in CompassSphere.cardinalColours {
            #expect(colour(image, heading: heading, pitch: 30) == expected, "sky line at \(heading)°")
            // The ground fades slightly into haze with distance.
            let ground = colour(image, heading: heading, pitch: -30)
            #expect(
                abs(Int(ground.r) - Int(expected.r)) <= 12 && abs(Int(ground.g) - Int(expected.g)) <= 12
                    && abs(Int(ground.b) - Int(expected.b)) <= 12, "ground arm at \(heading)°: \(ground)")
        }
    }

    @Test("sky above, paving below, generated the same every time")
    func skyGroundDeterministic() {
        let image = CompassSphere.render(width: 256)
        let sky = colour(image, heading: 60, pitch: 70)
        let ground = colour(image, heading: 60, pitch: -70)
        #expect(sky.b > sky.r && sky.b > 120, "sky is blue")
        #expect(abs(Int(ground.r) - Int(ground.b)) < 40, "paving is grey")
        #expect(CompassSphere.render(width: 256) == image)
    }
}
