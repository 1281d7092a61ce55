import Explorer
import PanoCore
import StreetModel
import Testing

@Suite("Narrator")
struct NarratorTests {
    @Test(
        "the camera in words",
        arguments: [
            (PanoramaCamera(), "Facing north, 0°, level."),
            (PanoramaCamera(heading: 90, pitch: 20), "Facing east, 90°, looking up 20°."),
            (PanoramaCamera(heading: 225, pitch: -15, zoom: 2), "Facing south-west, 225°, looking down 15°, zoom 2×."),
            (PanoramaCamera(heading: 359.7, zoom: 1.4142), "Facing north, 0°, level, zoom 1.4×.")
        ] as [(PanoramaCamera, String)])
    func facing(camera: PanoramaCamera, words: String) {
        #expect(Narrator.facing(camera) == words)
    }

    @Test("the whole description: facing, place and date, the ways in order, the markers in range, nearest first")
    func describe() {
        let state = ExplorerState(
            camera: PanoramaCamera(heading: 0), panorama: FocusTests.service.panorama(id: "centre")!, service: FocusTests.service)
        #expect(
            Narrator.describe(state) == "Facing north, 0°, level. At centre, June 2024. "
                + "3 ways: 1 north along Station Road, 2 east along Main Street, 3 west along Main Street. Café Aurora 7 m ahead on the right."
        )
    }

    @Test(
        "capture dates are said as words; anything else is kept",
        arguments: [
            ("2024-06", "June 2024"), ("2023-12-15", "15 December 2023"), ("2024-13", "2024-13"), ("spring", "spring"),
            ("2024-02-40", "2024-02-40")
        ])
    func dates(date: String, spoken: String) {
        let panorama = Panorama(id: "p", imagePath: "", coordinate: NavigationTests.origin, captureDate: date)
        let state = ExplorerState(camera: PanoramaCamera(), panorama: panorama, service: PanoramaService(panoramas: [panorama]))
        #expect(Narrator.describe(state).contains("At p, \(spoken). No ways on."))
    }

    @Test(
        "where a marker lies from the heading",
        arguments: [
            (0.0, "ahead"), (-30.0, "ahead on the left"), (90.0, "on the right"), (-140.0, "behind on the left"), (179.0, "behind")
        ])
    func relative(heading: Double, words: String) {
        // The café is 5 m east and 5 m north of the centre: 45° from north.
        let state = ExplorerState(
            camera: PanoramaCamera(heading: 45 - heading), panorama: FocusTests.service.panorama(id: "centre")!,
            service: FocusTests.service)
        #expect(Narrator.marker(FocusTests.service.markers[0], in: state) == "Café Aurora 7 m \(words)")
    }

    @Test("after a key, only what changed is said; the same note said again is said again")
    func changes() {
        var state = NavigationTests.state(at: "east", heading: 90)
        var before = Narrator.Snapshot(state)
        state.handle(.character("w"))
        #expect(Narrator.changes(from: before, to: state) == ["no way forward; ways go west"])
        before = Narrator.Snapshot(state)
        state.handle(.character("w"))
        #expect(Narrator.changes(from: before, to: state) == ["no way forward; ways go west"], "a screen reader user hears each refusal")
        before = Narrator.Snapshot(state)
        state.handle(.tab)
        #expect(Narrator.changes(from: before, to: state) == ["Focus: way 1, west."])
        before = Narrator.Snapshot(state)
        state.handle(.character("?"))
        #expect(
            Narrator.changes(from: before, to: state).first?.hasPrefix("Keys: Left Right h l: turn; Up Down k j: look up, down;") == true)
        before = Narrator.Snapshot(state)
        state.handle(.character("?"))
        #expect(Narrator.changes(from: before, to: state) == ["Help closed."])
    }
}

@Suite("Saying less, first things first")
struct VerbosityTests {
    private static func state(_ verbosity: Verbosity) -> ExplorerState {
        var state = ExplorerState(
            camera: PanoramaCamera(heading: 0), panorama: FocusTests.service.panorama(id: "centre")!, service: FocusTests.service)
        state.verbosity = verbosity
        return state
    }

    @Test("on arrival: the essentials, then the markers as --verbosity asks; r says everything")
    func arrival() {
        let full = Narrator.describe(Self.state(.normal))
        #expect(Narrator.arrival(Self.state(.full)) == full)
        let brief = Narrator.arrival(Self.state(.brief))
        #expect(brief.hasPrefix(Narrator.facing(PanoramaCamera(heading: 0))) && brief.contains("ways") && brief.count < full.count)
        #expect(brief.hasSuffix("near; r reads them.") || !full.contains(" m "), "\(brief)")
    }

    @Test("what is typed after : is said as it is typed")
    func echo() {
        var state = Self.state(.normal)
        state.handle(.character(":"))
        var before = Narrator.Snapshot(state)
        state.handle(.character("g"))
        #expect(Narrator.changes(from: before, to: state) == ["g"])
        before = Narrator.Snapshot(state)
        state.handle(.character(" "))
        #expect(Narrator.changes(from: before, to: state) == ["space"])
        before = Narrator.Snapshot(state)
        state.handle(.backspace)
        #expect(Narrator.changes(from: before, to: state) == ["deleted; g"])
    }
}

@Suite("Keys that do nothing")
struct UnboundKeyTests {
    @Test("a key bound to nothing is said to do nothing, with where to find the keys; a bound key is not")
    func unbound() {
        var runner = KeyboardAccessibilityTests.runner()
        #expect(runner.run(.key(.character("x"))).lines == ["x does nothing here; ? lists the keys."])
        #expect(runner.run(.key(.character("w"))).lines.first?.contains("does nothing") != true)
        #expect(Narrator.unbound(.character("z"), in: runner.state) != nil && Narrator.unbound(.character("q"), in: runner.state) == nil)
    }
}
