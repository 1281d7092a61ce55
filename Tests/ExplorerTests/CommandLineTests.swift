import Explorer
import PanoCore
import Testing

@Suite("The : command line")
struct TypedCommandTests {
    @Test(
        "commands parse",
        arguments: [
            ("heading 90", TypedCommand.heading(90)), ("pitch -20", .pitch(-20)), ("zoom 2.5", .zoom(2.5)),
            ("camera 10 5 2", .camera(heading: 10, pitch: 5, zoom: 2)),
            ("animate 180 0 1 1.5", .animate(heading: 180, pitch: 0, zoom: 1, seconds: 1.5)),
            ("goto main-3", .goto(id: "main-3")),
            ("near 50,10", .near(Coordinate(latitude: 50, longitude: 10)!, radius: 50, source: .default)),
            ("near 50,10 200 outdoor", .near(Coordinate(latitude: 50, longitude: 10)!, radius: 200, source: .outdoor)), ("quit", .quit)
        ] as [(String, TypedCommand)])
    func parses(text: String, expected: TypedCommand) throws {
        #expect(try TypedCommand.parse(text) == expected)
    }

    @Test(
        "mistakes are one clear line",
        arguments: [
            ("", "empty command"), ("fly 3", "unknown command ':fly'"), ("heading", "usage: :heading H"),
            ("heading east", ":heading needs a heading in degrees"), ("zoom 9", ":zoom: a zoom must be within 1.0...5.0"),
            ("near north", ":near north: needs LAT,LNG in degrees, e.g. 48.2082,16.3738"),
            ("near 50,10 far", ":near: 'far' is neither a radius in metres nor default/outdoor")
        ])
    func errors(text: String, message: String) {
        let error = #expect(throws: TypedCommandError.self) { try TypedCommand.parse(text) }
        #expect(error?.message == message)
    }

    @Test("typing: ':' opens the line, keys edit it, Enter runs it, Escape cancels; gestures never block it")
    func typing() {
        var state = NavigationTests.state(at: "centre", heading: 0)
        state.gestures = .none
        for key in [Key.character(":")] + "heading 90x".map(Key.character) + [.backspace, .enter] { state.handle(key) }
        #expect(state.camera.heading == 90, "programmatic: works with every gesture off")
        #expect(state.commandLine == nil)
        state.handle(.character(":"))
        state.handle(.character("q"))
        state.handle(.escape)
        #expect(state.commandLine == nil && !state.isFinished, "Escape cancelled ':q'")
        for key in [Key.character(":")] + "fly".map(Key.character) + [.enter] { state.handle(key) }
        #expect(state.note == "unknown command ':fly'")
    }

    @Test("a typed :goto drops the focus, which named a way of the panorama left (Tab Tab, :goto, Enter walked way 2 of the new one)")
    func gotoDropsFocus() {
        var state = NavigationTests.state(at: "centre", heading: 0)
        state.handle(.tab)
        state.handle(.tab)
        #expect(state.focus != nil)
        for key in [Key.character(":")] + "goto north".map(Key.character) + [.enter] { state.handle(key) }
        #expect(state.panorama?.id == "north")
        #expect(state.focus == nil)
    }

    @Test("Ctrl-C while typing quits, as it does in a terminal (SIGINT), in every front")
    func controlCQuits() {
        var state = NavigationTests.state(at: "centre", heading: 0)
        for key in [Key.character(":")] + "goto no".map(Key.character) { state.handle(key) }
        state.handle(.control("c"))
        #expect(state.isFinished && state.commandLine == nil, "it only cancelled the line, which no terminal could reach")
    }

    @Test(":goto and :near move, or say why not, with the delegate's events")
    func moves() throws {
        var state = NavigationTests.state(at: "centre")
        state.perform(.goto(id: "north"))
        #expect(state.panorama?.id == "north")
        #expect(state.takeEvents() == [.willMoveToPanorama(id: "north"), .didMoveToPanorama(id: "north")])
        state.perform(.goto(id: "nowhere"))
        #expect(state.note == "no panorama 'nowhere'")
        #expect(state.takeEvents() == [.errorOnMoveToPanoramaID(id: "nowhere", message: "no such panorama")])
        let east = NavigationTests.at(11, 0)
        state.perform(.near(east, radius: 5, source: .default))
        #expect(state.panorama?.id == "east")
        let far = NavigationTests.at(5000, 0)
        state.perform(.near(far, radius: 50, source: .default))
        #expect(state.note?.hasPrefix("No street-level imagery available within 50 m of ") == true)
        // The nearest is the museum hall, 4,960 m west of the place asked (40 m east, 40 m north of the centre).
        #expect(state.note?.hasSuffix("; nearest imagery 5.0 km west, hall") == true, "\(state.note ?? "")")
        #expect(state.takeEvents().last.map { if case .errorOnMoveNearCoordinate = $0 { true } else { false } } == true)
    }

    @Test(":animate eases to its target, the short way, arriving exactly at its duration")
    func animate() {
        var state = ExplorerState(camera: PanoramaCamera(heading: 350))
        state.perform(.animate(heading: 30, pitch: 10, zoom: 2, seconds: 2), at: 100)
        state.advance(to: 101)
        #expect(abs(state.camera.heading - 10) < 1e-9, "halfway the short way: 350 → 10 → 30")
        state.advance(to: 102)
        #expect(state.camera == PanoramaCamera(heading: 30, pitch: 10, zoom: 2))
        #expect(!state.isAnimating)
    }
}
