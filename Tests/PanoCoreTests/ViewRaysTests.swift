import PanoCore
import Testing

@Suite("Ray tables")
struct ViewRaysTests {
    @Test(
        "every pixel's ray is where the projection says, for views narrower than a block of eight, one block and a half, and wider",
        arguments: [1, 5, 8, 9, 17, 40])
    func matchesProjection(width: Int) {
        let camera = PanoramaCamera(heading: 0, pitch: 20)
        let height = 7
        let rays = ViewRays(camera: camera, width: width, height: height)
        let projection = ViewProjection(camera: camera, width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let orientation = projection.orientation(atX: Double(x) + 0.5, y: Double(y) + 0.5)
                let i = y * width + x
                #expect(abs(Double(rays.longitudeTurns[i]) * 360 - orientation.heading.remainder(dividingBy: 360)) < 0.01, "(\(x), \(y))")
                #expect(abs(Double(rays.rowFractions[i]) * 180 - (90 - orientation.pitch)) < 0.01, "(\(x), \(y))")
            }
        }
    }
}
