import PanoCore
import Testing

@Suite("Viewport projection")
struct ProjectionTests {
    @Test(
        "the viewport centre looks where the camera looks",
        arguments: [
            (0.0, 0.0), (90, 0), (200, 30), (359, -45), (10, 89)
        ])
    func centreIsCameraDirection(heading: Double, pitch: Double) {
        let projection = ViewProjection(camera: PanoramaCamera(heading: heading, pitch: pitch), width: 160, height: 90)
        let centre = projection.orientation(atX: 80, y: 45)
        #expect(abs(Degrees.wrap180(centre.heading - heading)) < 1e-6)
        #expect(abs(centre.pitch - pitch) < 1e-6)
    }

    @Test("the fov spans the wider side: the right edge is fov/2 to the right")
    func edgesAtHalfFOV() {
        let wide = ViewProjection(camera: PanoramaCamera(fov: 90), width: 200, height: 100)
        #expect(abs(wide.orientation(atX: 200, y: 50).heading - 45) < 1e-9)
        let tall = ViewProjection(camera: PanoramaCamera(fov: 60), width: 100, height: 200)
        #expect(abs(tall.orientation(atX: 50, y: 0).pitch - 30) < 1e-9)
    }

    @Test("point(for:) inverts orientation(atX:y:)")
    func roundTrip() throws {
        let projection = ViewProjection(camera: PanoramaCamera(heading: 350, pitch: 25, zoom: 1.7, fov: 100), width: 321, height: 123)
        for (x, y) in [(0.0, 0.0), (321, 123), (17.5, 99.25), (160.5, 61.5), (300, 5)] {
            let orientation = projection.orientation(atX: x, y: y)
            let point = try #require(projection.point(for: orientation))
            #expect(abs(point.x - x) < 1e-6 && abs(point.y - y) < 1e-6)
        }
        #expect(projection.point(for: Orientation(heading: 170, pitch: -25)) == nil, "behind the camera")
    }
}
