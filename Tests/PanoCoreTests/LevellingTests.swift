import PanoCore
import Testing

/// Levelling a tilted camera's sphere, with GPano's conventions as rodrigopolo/360GPanoReference's
/// `rotation.js` applies them (local to world: roll about the north axis, then pitch about east):
/// pitch is how far the image's centre points above the horizon; a positive roll turns the image
/// counterclockwise onto the sphere, so what it shows to the right on its middle row rises.
@Suite("Levelling a tilted panorama")
struct LevellingTests {
    private static let width = 360, height = 180

    /// A black sphere with a red dot where the camera saw the direction `longitude`, `latitude`
    /// (degrees from the image centre, right and up positive).
    private static func dot(longitude: Int, latitude: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        let x = width / 2 + longitude
        let y = height / 2 - latitude
        for dy in -1...0 { for dx in -1...0 { image[x + dx, y + dy] = RGB(255, 0, 0) } }
        return image
    }

    /// Where the red is, as longitude and latitude of the pixel centres' mean, degrees.
    private static func red(_ image: RGBImage) -> (longitude: Double, latitude: Double)? {
        var (sumX, sumY, count) = (0.0, 0.0, 0.0)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].r > 100 && image[x, y].g < 50 {
                sumX += Double(x) + 0.5
                sumY += Double(y) + 0.5
                count += 1
            }
        }
        guard count > 0 else { return nil }
        return (sumX / count - Double(width) / 2, Double(height) / 2 - sumY / count)
    }

    @Test("a camera pitched up 10°: what it saw at its centre is 10° above the horizon")
    func pitch() throws {
        let levelled = EquirectLevelling.level(Self.dot(longitude: 0, latitude: 0), tilt: CameraTilt(pitch: 10, roll: 0))
        let found = try #require(Self.red(levelled))
        #expect(abs(found.longitude) < 0.6 && abs(found.latitude - 10) < 0.6, "\(found)")
    }

    @Test("roll 10°: what the image shows to its right on its middle row is 10° above the horizon")
    func roll() throws {
        let levelled = EquirectLevelling.level(Self.dot(longitude: 90, latitude: 0), tilt: CameraTilt(pitch: 0, roll: 10))
        let found = try #require(Self.red(levelled))
        #expect(abs(found.longitude - 90) < 0.6 && abs(found.latitude - 10) < 0.6, "\(found)")
    }

    @Test("pitch and roll together: the centre follows the pitch alone; a level pose changes nothing")
    func both() throws {
        let levelled = EquirectLevelling.level(Self.dot(longitude: 0, latitude: 0), tilt: CameraTilt(pitch: -20, roll: 15))
        let found = try #require(Self.red(levelled))
        #expect(abs(found.longitude) < 0.6 && abs(found.latitude + 20) < 0.6, "\(found)")
        let image = Self.dot(longitude: 30, latitude: 5)
        #expect(EquirectLevelling.level(image, tilt: CameraTilt(pitch: 0.01, roll: -0.02)) == image)
    }
}
