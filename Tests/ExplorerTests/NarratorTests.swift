import Explorer
import PanoCore
import StreetModel
import Testing

@Suite("Narrator")
struct NarratorTests {
    @Test(
        "the camera in words",
        arguments: [
            (PanoramaCamera(), "Facing north, 0 degrees."),
            (PanoramaCamera(heading: 90, pitch: 20), "Facing east, 90 degrees, looking up 20 degrees."),
            (PanoramaCamera(heading: 225, pitch: -15, zoom: 2), "Facing south-west, 225 degrees, looking down 15 degrees, zoom 2 times."),
            (PanoramaCamera(heading: 359.7, pitch: 1, zoom: 1.4142), "Facing north, 0 degrees, looking up 1 degree, zoom 1.4 times.")
        ] as [(PanoramaCamera, String)])
    func facing(camera: PanoramaCamera, words: String) {
        #expect(Narrator.facing(camera) == words)
    }

    @Test("the whole description: facing, place and date, the ways by street, the markers in range by side, nearest first")
    func describe() {
        let state = ExplorerState(
            camera: PanoramaCamera(heading: 0), panorama: FocusTests.service.panorama(id: "centre")!, service: FocusTests.service)
        #expect(
            Narrator.describe(state) == "Facing north, 0 degrees, at centre, June 2024. "
                + "Ways north along Station Road, east and west along Main Street. Ahead on the right: Café Aurora 7 metres.")
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
        #expect(Narrator.describe(state).contains("at p, \(spoken). No ways on."))
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
        #expect(Narrator.marker(FocusTests.service.markers[0], in: state) == "Café Aurora 7 metres \(words)")
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
            Narrator.changes(from: before, to: state)
                == [
                    "Keys, part 1 of 5, looking. Left Right h l: turn; Up Down k j: look up, down; plus minus: zoom in, out; n: face north. "
                        + "Question mark: part 2, walking."
                ])
        for _ in 2...5 { state.handle(.character("?")) }
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

    @Test("the first arrival: the place and date, the facing and the ways; the markers as --verbosity asks")
    func arrival() {
        #expect(
            Narrator.arrival(Self.state(.normal))
                == "centre, June 2024; facing north; ways north along Station Road, east and west along Main Street.")
        #expect(Narrator.arrival(Self.state(.brief)) == Narrator.arrival(Self.state(.normal)))
        #expect(Narrator.arrival(Self.state(.full)).hasSuffix("Main Street. Ahead on the right: Café Aurora 7 metres."))
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

/// Main Street in a town: a start, a crossing with Station Road and a clock tower by it, and a
/// dead end captured on another date.
@Suite("Arrivals that say what changed")
struct ArrivalTests {
    static let service = PanoramaService(
        panoramas: [
            Panorama(
                id: "one", imagePath: "", coordinate: NavigationTests.at(-12, 0), captureDate: "2024-06-21",
                description: "Main Street 1, Lindenfeld", links: [Link(target: "crossing", heading: 90, description: "Main Street")]),
            Panorama(
                id: "crossing", imagePath: "", coordinate: NavigationTests.at(0, 0), captureDate: "2024-06-21",
                description: "Main Street at Station Road, Lindenfeld",
                links: [
                    Link(target: "three", heading: 90, description: "Main Street"),
                    Link(target: "one", heading: 270, description: "Main Street"),
                    Link(target: "north", heading: 0, description: "Station Road")
                ]),
            Panorama(
                id: "three", imagePath: "", coordinate: NavigationTests.at(12, 0), captureDate: "2023-05-01",
                description: "Main Street 3, Lindenfeld", links: [Link(target: "crossing", heading: 270, description: "Main Street")]),
            Panorama(id: "north", imagePath: "", coordinate: NavigationTests.at(0, 12))
        ],
        markers: [Marker(id: "clock", coordinate: NavigationTests.at(0, 8), title: "Clock Tower")])

    private static func walk(_ verbosity: Verbosity) -> [String] {
        var state = ExplorerState(camera: PanoramaCamera(heading: 90), panorama: service.panorama(id: "one")!, service: service)
        state.verbosity = verbosity
        var said = [Narrator.arrival(state)]
        for _ in 0..<2 {
            let before = Narrator.Snapshot(state)
            state.handle(.character("w"))
            said += Narrator.changes(from: before, to: state)
        }
        return said
    }

    @Test(
        "walking on: the place without its town, a new way, a date that differs, a marker new or on another side (near, where ways changed); never the same facing"
    )
    func walking() {
        #expect(
            Self.walk(.normal) == [
                "Main Street 1, Lindenfeld, 21 June 2024; facing east; one way, east.",
                "Main Street at Station Road; new ways west and north; Clock Tower 8 metres on the left.",
                "Main Street 3, 1 May 2023; one way, west."
            ], "where the ways changed, a marker farther than 10 m waits")
        #expect(
            Self.walk(.brief).dropFirst() == [
                "Main Street at Station Road; new ways west and north.", "Main Street 3, 1 May 2023; one way, west."
            ])
    }

    @Test("r reads everything with the two nearest markers; r again at once reads the rest; any other key starts over")
    func readingAgain() {
        var state = ExplorerState(camera: PanoramaCamera(), panorama: FocusTests.service.panorama(id: "centre")!, service: Self.manyMarkers)
        state.handle(.character("r"))
        #expect(
            state.note?.hasSuffix("Ahead on the right: Café Aurora 7 metres. Ahead: Bakery 10. r again: 2 more.") == true,
            "\(state.note ?? "")")
        state.handle(.character("r"))
        #expect(state.note == "Further: Behind: Museum 20 metres. On the left: Fountain 30.")
        state.handle(.character("r"))
        #expect(state.note?.hasSuffix("r again: 2 more.") == true)
        state.handle(.character("n"))
        state.handle(.character("r"))
        #expect(state.note?.hasSuffix("r again: 2 more.") == true)
    }

    @Test(
        "units and symbols as words",
        arguments: [
            ("46.9412° N, 7.4445° E", "46.9412 north, 7.4445 east"), ("12° up", "12 degrees up"), ("5° Nord", "5 degrees Nord"),
            ("Main Street", "Main Street")
        ])
    func symbols(text: String, spoken: String) {
        #expect(SpokenWords.withoutSymbols(text) == spoken)
    }

    @Test(
        "distances rounded as a listener uses them", arguments: [(7.4, 7), (19.4, 19), (23.0, 25), (98.0, 100), (104.0, 100), (126.0, 130)])
    func metres(distance: Double, said: Int) {
        #expect(SpokenWords.metres(distance) == said)
    }

    /// The crossroads with four markers around the centre, at 7, 10, 20 and 30 m.
    static let manyMarkers = PanoramaService(
        panoramas: NavigationTests.service.panoramas,
        markers: [
            Marker(id: "cafe", coordinate: NavigationTests.at(5, 5), title: "Café Aurora"),
            Marker(id: "bakery", coordinate: NavigationTests.at(0, 10), title: "Bakery"),
            Marker(id: "museum", coordinate: NavigationTests.at(0, -20), title: "Museum"),
            Marker(id: "fountain", coordinate: NavigationTests.at(-30, 0), title: "Fountain")
        ])
}

@Suite("Escape and stops, said")
struct CancellationTests {
    @Test("Escape says what it closed, or that there was nothing; a key that stops playing says so, and still does its own work")
    func escapeAndStops() {
        var state = NavigationTests.state(at: "centre", heading: 90)
        func said(_ key: Key, at now: Double? = nil) -> [String] {
            let before = Narrator.Snapshot(state)
            state.handle(key, at: now)
            return Narrator.changes(from: before, to: state)
        }
        _ = said(.tab)
        #expect(said(.escape) == ["Focus cleared."])
        #expect(said(.escape) == ["Nothing to close."])
        _ = said(.character("?"))
        #expect(said(.escape) == ["Help closed."])
        state = NavigationTests.state(at: "west", heading: 90)
        state.reduceMotion = true
        _ = said(.character(" "), at: 0)
        #expect(said(.escape, at: 0.5) == ["Stopped."])
        _ = said(.character(" "), at: 1)
        #expect(said(.character("n"), at: 1.5) == ["Facing north, 0 degrees.", "Stopped."])
    }
}
