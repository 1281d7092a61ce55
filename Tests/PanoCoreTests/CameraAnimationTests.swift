import PanoCore
import Testing

@Suite("Camera animation")
struct CameraAnimationTests {
    @Test("a move reaches its target exactly at its duration, eased in and out")
    func reachesTarget() {
        let from = PanoramaCamera(heading: 10, pitch: 0, zoom: 1)
        let animation = CameraAnimation(from: from, to: PanoramaCamera(heading: 70, pitch: 20, zoom: 4), start: 5, duration: 0.5)
        #expect(animation.camera(at: 4) == from)
        #expect(animation.camera(at: 5) == from)
        let middle = animation.camera(at: 5.25)
        #expect(abs(middle.heading - 40) < 1e-9 && abs(middle.pitch - 10) < 1e-9 && abs(middle.zoom - 2) < 1e-9, "halfway, zoom geometric")
        let early = animation.camera(at: 5.05)
        #expect(early.heading - 10 < 0.1 * 60, "eased in: slower than linear at first")
        #expect(animation.camera(at: 5.5) == PanoramaCamera(heading: 70, pitch: 20, zoom: 4))
        #expect(animation.isFinished(at: 5.5) && !animation.isFinished(at: 5.49))
    }

    @Test("a move to a target heading takes the short way round ±180°", arguments: [(350.0, 10.0, 20.0), (10, 350, -20), (90, 270, -180)])
    func shortestWay(from: Double, to: Double, delta: Double) {
        let animation = CameraAnimation(from: PanoramaCamera(heading: from), to: PanoramaCamera(heading: to), start: 0, duration: 1)
        #expect(abs(animation.headingDelta - delta) < 1e-9)
        #expect(abs(Degrees.wrap180(animation.camera(at: 0.5).heading - Degrees.wrap360(from + delta / 2))) < 1e-9)
    }
}
