import PanoCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Camera conventions")
struct CameraTests {
    @Test(
        "heading wraps into [0, 360)",
        arguments: [
            (0.0, 0.0), (359.5, 359.5), (360, 0), (361, 1), (-1, 359), (-360, 0), (720.25, 0.25), (-0.0000000001, 359.9999999999)
        ])
    func headingWraps(input: Double, expected: Double) {
        let camera = PanoramaCamera(heading: input)
        #expect(abs(camera.heading - expected) < 1e-9)
        #expect(camera.heading >= 0 && camera.heading < 360)
    }

    @Test(
        "signed angles wrap into [-180, 180)",
        arguments: [
            (0.0, 0.0), (180, -180), (-180, -180), (190, -170), (-190, 170), (350, -10), (540, -180)
        ])
    func signedWrap(input: Double, expected: Double) {
        #expect(abs(Degrees.wrap180(input) - expected) < 1e-9)
    }

    @Test("pitch is clamped to [-90, 90]", arguments: [(0.0, 0.0), (45, 45), (90, 90), (91, 90), (-200, -90), (-90, -90)])
    func pitchClamps(input: Double, expected: Double) {
        #expect(PanoramaCamera(pitch: input).pitch == expected)
    }

    @Test("zoom is clamped to [1, 5] and fov to [1, 160]")
    func zoomAndFOVClamp() {
        #expect(PanoramaCamera(zoom: 0.5).zoom == 1)
        #expect(PanoramaCamera(zoom: 7).zoom == 5)
        #expect(PanoramaCamera(fov: 0).fov == 1)
        #expect(PanoramaCamera(fov: 179).fov == 160)
    }

    @Test(
        "zoom N shows the central 1/N of the zoom-1 view",
        arguments: [
            (90.0, 1.0, 90.0), (90, 2, 53.130102354155978), (90, 5, 22.619864948040426), (60, 1, 60), (120, 3, 60)
        ])
    func effectiveFOV(fov: Double, zoom: Double, expected: Double) {
        let camera = PanoramaCamera(zoom: zoom, fov: fov)
        #expect(abs(camera.effectiveFOV - expected) < 1e-9)
    }

    @Test("non-finite values are ignored")
    func rejectsNonFinite() {
        var camera = PanoramaCamera(heading: 30, pitch: 10, zoom: 2, fov: 80)
        camera.heading = .nan
        camera.pitch = .infinity
        camera.zoom = .nan
        camera.fov = -.infinity
        #expect(camera == PanoramaCamera(heading: 30, pitch: 10, zoom: 2, fov: 80))
        #expect(PanoramaCamera(heading: .nan, pitch: .nan) == PanoramaCamera())
    }

    @Test("magnified keeps the direction and divides the effective half-tangent; below 1 it widens past zoom 1")
    func magnified() {
        let camera = PanoramaCamera(heading: 30, pitch: -5, zoom: 2)
        for factor in [0.6, 1, 1.4, 2.5] {
            let magnified = camera.magnified(by: factor)
            let ratio = tan(magnified.effectiveFOV * .pi / 360) * factor / tan(camera.effectiveFOV * .pi / 360)
            #expect(abs(ratio - 1) < 1e-9 && magnified.heading == 30 && magnified.pitch == -5, "\(factor)")
        }
        #expect(PanoramaCamera(zoom: 1).magnified(by: 0.7).effectiveFOV > 90)
    }
}
