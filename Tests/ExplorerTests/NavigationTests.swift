import Explorer
import PanoCore
import StreetModel
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A crossroads: "centre" with ways east, west and north; a museum on two floors; a second
/// capture date at "centre".
@Suite("Walking between panoramas")
struct NavigationTests {
    static let origin = Coordinate(latitude: 50, longitude: 10)!

    static func at(_ east: Double, _ north: Double) -> Coordinate {
        let distance = (east * east + north * north).squareRoot()
        return distance == 0 ? origin : origin.offset(by: distance, bearing: Degrees.degrees(fromRadians: atan2(east, north)))
    }

    static let service = PanoramaService(panoramas: [
        Panorama(
            id: "centre", imagePath: "", coordinate: at(0, 0), captureDate: "2024-06",
            links: [
                Link(target: "east", heading: 90, description: "Main Street"),
                Link(target: "west", heading: 270, description: "Main Street"),
                Link(target: "north", heading: 0, description: "Station Road")
            ]),
        Panorama(id: "east", imagePath: "", coordinate: at(12, 0), links: [Link(target: "centre", heading: 270)]),
        Panorama(id: "west", imagePath: "", coordinate: at(-12, 0), links: [Link(target: "centre", heading: 90)]),
        Panorama(id: "north", imagePath: "", coordinate: at(0, 12), links: [Link(target: "centre", heading: 180)]),
        Panorama(id: "centre-winter", imagePath: "", coordinate: at(0, 0), captureDate: "2023-12"),
        Panorama(id: "hall", imagePath: "", coordinate: at(40, 40), source: .indoor, building: "museum", level: 0),
        Panorama(id: "upper", imagePath: "", coordinate: at(40, 40), source: .indoor, building: "museum", level: 1)
    ])

    static func state(at id: String, heading: Double = 0) -> ExplorerState {
        ExplorerState(camera: PanoramaCamera(heading: heading), panorama: service.panorama(id: id)!, service: service)
    }

    @Test("forward takes the link nearest the heading and then faces along it; back takes the opposite, still facing the same way")
    func forwardAndBack() {
        var state = Self.state(at: "centre", heading: 80)
        let moved = state.handle(.character("w"))
        #expect(moved)
        #expect(state.panorama?.id == "east")
        #expect(state.camera.heading == 90)
        state.handle(.character("s"))
        #expect(state.panorama?.id == "centre", "a step back along the way behind")
        #expect(state.camera.heading == 90, "still facing the way we were")
        state.handle(.enter)
        #expect(state.panorama?.id == "east")
    }

    @Test("g goes home with the view the explorer started with; at home, g brings that view back")
    func homeRestoresTheStartView() {
        var state = ExplorerState(
            camera: PanoramaCamera(heading: 33, pitch: -10, zoom: 2), panorama: Self.service.panorama(id: "centre")!,
            service: Self.service)
        state.handle(.character("w"))
        state.handle(.right)
        state.handle(.character("g"))
        #expect(state.panorama?.id == "centre")
        #expect(state.camera.heading == 33 && state.camera.pitch == -10 && state.camera.zoom == 2)
        state.handle(.left)
        state.handle(.character("g"))
        #expect(state.camera.heading == 33 && state.note == nil)
        state.handle(.character("g"))
        #expect(state.note == "you are home")
    }

    @Test("with no ways at all, w says so")
    func noWaysAtAll() {
        var state = Self.state(at: "centre-winter", heading: 0)
        state.handle(.character("w"))
        #expect(state.note == "no ways from here")
    }

    @Test("with its ways still being read (a picture a search found), w says so, and so does the narration, not that there are none")
    func waysBeingRead() {
        var state = Self.state(at: "centre-winter", heading: 0)
        state.waysBeingRead(true)
        state.handle(.character("w"))
        #expect(state.note == "the ways from here are still being read")
        #expect(Narrator.ways(state, naming: .unlessOnIt) == "ways still being read")
        state.waysBeingRead(false)
        state.handle(.character("w"))
        #expect(state.note == "no ways from here")
        #expect(Narrator.ways(state, naming: .unlessOnIt) == "no ways on")
    }

    @Test("no link within 90° of the heading: a note, and nothing moves")
    func noWayForward() {
        var state = Self.state(at: "east", heading: 90)
        let changed = state.handle(.character("w"))
        #expect(changed, "the note is a change on screen")
        #expect(state.panorama?.id == "east")
        #expect(state.note == "no way forward; ways go west")
        state.handle(.left)
        #expect(state.note == nil, "the note goes with the next command")
    }

    @Test("a note given with a time goes by itself after its lifetime; a newer note starts its own")
    func notesAreTransient() {
        var state = Self.state(at: "east", heading: 90)
        state.handle(.character("w"), at: 10)
        #expect(state.note == "no way forward; ways go west" && state.noteExpiry == 10 + StatusNote.lifetime)
        state.advance(to: 13)
        #expect(state.note == "no way forward; ways go west")
        state.handle(.character("9"), at: 13)
        #expect(state.noteExpiry == 13 + StatusNote.lifetime)
        let changed = state.advance(to: 13 + StatusNote.lifetime)
        #expect(changed && state.note == nil && state.noteExpiry == nil)
    }

    @Test("digits follow links numbered from the way nearest the heading on arrival, then clockwise; the summary lists them")
    func numberedLinks() {
        var state = Self.state(at: "centre")
        #expect(state.linkSummary == "1 N Station Road  2 E Main Street  3 W Main Street")
        state.handle(.character("3"))
        #expect(state.panorama?.id == "west")
        #expect(Self.state(at: "centre", heading: 260).linkSummary == "1 W Main Street  2 N Station Road  3 E Main Street")
        var turned = Self.state(at: "centre", heading: 260)
        turned.handle(.right, at: 0)
        turned.advance(to: 10)
        #expect(turned.camera.heading != 260)
        #expect(turned.linkSummary == "1 W Main Street  2 N Station Road  3 E Main Street", "turning does not renumber")
        #expect(
            Self.state(at: "centre", heading: 180).linkSummary == "1 W Main Street  2 N Station Road  3 E Main Street",
            "of two ways equally near, the one on the right comes first")
        var walked = Self.state(at: "east", heading: 270)
        walked.handle(.character("w"))
        #expect(walked.panorama?.id == "centre" && walked.linkSummary.hasPrefix("1 W Main Street"), "after a walk, 1 is the way on")
        var other = Self.state(at: "centre")
        other.handle(.character("7"))
        #expect(other.panorama?.id == "centre")
        #expect(other.note == "no way 7 here")
    }

    @Test("floors change with ] and [ in a building; t switches capture date; n faces north")
    func floorsDatesNorth() {
        var state = Self.state(at: "hall", heading: 123)
        #expect(state.floors?.current == 0 && state.floors?.all == [0, 1], "the floor picker")
        state.handle(.character("]"))
        #expect(state.panorama?.id == "upper")
        #expect(state.floors?.current == 1)
        #expect(state.camera.heading == 123, "the view keeps its direction")
        state.handle(.character("]"))
        #expect(state.note == "no floor above")
        state.handle(.character("["))
        #expect(state.panorama?.id == "hall")

        // Levels come from files: the largest one must not trap on "]" (it did: level + 1 overflowed).
        let top = Panorama(id: "top", imagePath: "", coordinate: Self.at(0, 0), source: .indoor, building: "tower", level: Int.max)
        let tower = PanoramaService(panoramas: [top])
        var high = ExplorerState(camera: PanoramaCamera(), panorama: top, service: tower)
        high.handle(.character("]"))
        #expect(high.panorama?.id == "top" && high.note == "no floor above")

        var street = Self.state(at: "centre", heading: 200)
        street.handle(.character("t"))
        #expect(street.panorama?.id == "centre-winter")
        street.handle(.character("t"))
        #expect(street.panorama?.id == "centre", "dates go round")
        street.handle(.character("n"))
        #expect(street.camera.heading == 0 && street.camera.pitch == 0)
        var outdoors = Self.state(at: "east")
        outdoors.handle(.character("]"))
        #expect(outdoors.note == "no other floors here")
        #expect(outdoors.floors == nil, "no floor picker outdoors")
    }
}

@Suite("Moving between panoramas, animated")
struct TransitionTests {
    @Test("a walk with a time blends from the panorama left over the transition's duration; without, it is instant")
    func transition() throws {
        var state = NavigationTests.state(at: "centre", heading: 90)
        state.handle(.character("w"), at: 50)
        let transition = try #require(state.transition)
        #expect(transition.from.id == "centre" && state.panorama?.id == "east")
        #expect(state.isAnimating)
        #expect(transition.progress(at: 50) == 0 && transition.progress(at: 50 + PanoramaTransition.duration) == 1)
        state.advance(to: 50 + PanoramaTransition.duration)
        #expect(state.transition == nil && !state.isAnimating)

        var reduced = NavigationTests.state(at: "centre", heading: 90)
        reduced.reduceMotion = true
        reduced.handle(.character("w"), at: 50)
        #expect(reduced.transition == nil && reduced.panorama?.id == "east")
    }
}

@Suite("Going home")
struct HomeTests {
    @Test("g goes back to the start, or to the panorama nearest a configured home")
    func home() {
        var state = NavigationTests.state(at: "centre", heading: 90)
        state.handle(.character("w"))
        #expect(state.panorama?.id == "east")
        state.handle(.character("g"))
        #expect(state.panorama?.id == "centre", "home is the start")
        state.handle(.character("g"))
        #expect(state.note == "you are home")
        state.home = NavigationTests.at(1, 11)
        state.handle(.character("g"))
        #expect(state.panorama?.id == "north", "the panorama nearest the configured home")
        state.home = NavigationTests.at(5000, 0)
        state.handle(.character("g"))
        #expect(state.note == "no imagery within 100 m of home")
    }
}

@Suite("Keyboard focus")
struct FocusTests {
    static let service: PanoramaService = {
        let base = NavigationTests.service
        return PanoramaService(
            panoramas: base.panoramas,
            markers: [
                Marker(id: "cafe", coordinate: NavigationTests.at(5, 5), title: "Café Aurora", snippet: "Coffee and cake"),
                Marker(id: "far", coordinate: NavigationTests.at(900, 0), title: "Far away")
            ])
    }()

    @Test("Tab steps through the ways then the markers in range; Enter takes a way once, or reads a marker")
    func focus() {
        var state = ExplorerState(camera: PanoramaCamera(), panorama: Self.service.panorama(id: "centre")!, service: Self.service)
        #expect(state.focusables == [.link(1), .link(2), .link(3), .marker("cafe")], "the far marker is out of range")
        state.handle(.tab)
        #expect(state.focus == .link(1))
        state.handle(.backTab)
        #expect(state.focus == .marker("cafe"), "Shift-Tab wraps round backwards")
        state.handle(.enter)
        #expect(state.note == "Café Aurora, Coffee and cake, 7 metres ahead on the right")
        #expect(state.takeEvents() == [.didTapMarker(id: "cafe")])
        state.handle(.tab)
        state.handle(.tab)
        #expect(state.focus == .link(2))
        state.handle(.enter)
        #expect(state.panorama?.id == "east")
        #expect(state.takeEvents().filter { $0 == .didMoveToPanorama(id: "east") }.count == 1, "reported once")
        #expect(state.focus == nil, "a move clears the focus")
        state.handle(.tab)
        state.handle(.escape)
        #expect(state.focus == nil)
    }

    @Test("t says which of the place's dates it shows, of how many; Escape on the command line says it cancelled")
    func datesAndCancelling() {
        var state = NavigationTests.state(at: "centre")
        state.handle(.character("t"))
        #expect(state.panorama?.id == "centre-winter" && state.note == "Date 1 of 2: December 2023.", "\(state.note ?? "")")
        state.handle(.character("t"))
        #expect(state.panorama?.id == "centre" && state.note == "Date 2 of 2: June 2024.", "\(state.note ?? "")")
        state.handle(.character(":"))
        state.handle(.character("x"))
        state.handle(.escape)
        #expect(state.commandLine == nil && state.note == "Command cancelled.")
    }

    @Test("Space plays the way ahead: a step at once, one every 2 s, until no way goes on; a key or Space stops it")
    func playing() {
        var state = NavigationTests.state(at: "west", heading: 90)
        state.handle(.character(" "), at: 0)
        #expect(state.panorama?.id == "centre" && state.playDue == 2, "a step at once, the next due in 2 s")
        #expect(state.note == "Playing the way ahead: a step every 2 seconds; any key stops.")
        _ = state.advance(to: 1.9)
        #expect(state.panorama?.id == "centre", "not before it is due")
        _ = state.advance(to: 2)
        #expect(state.panorama?.id == "east" && state.playDue == 4)
        _ = state.advance(to: 4)
        #expect(state.panorama?.id == "east" && state.playDue == nil && state.note == "End of the way.", "east leads only back")
        var stopped = NavigationTests.state(at: "west", heading: 90)
        stopped.handle(.character(" "), at: 0)
        stopped.handle(.right, at: 0.5)
        _ = stopped.advance(to: 3)
        #expect(stopped.panorama?.id == "centre" && stopped.playDue == nil, "a key stopped it")
        stopped.handle(.character(" "), at: 4)
        stopped.handle(.character(" "), at: 4.5)
        #expect(stopped.playDue == nil && stopped.note == "Stopped.")
        var quick = NavigationTests.state(at: "west", heading: 90)
        quick.playInterval = 0.5
        quick.handle(.character(" "), at: 0)
        #expect(quick.playDue == 0.5 && quick.note == "Playing the way ahead: a step every 0.5 seconds; any key stops.")
    }

    @Test("while playing, the way ahead is the panoramas the next steps reach, for the cache to decode first; none when not playing")
    func wayAhead() {
        var state = NavigationTests.state(at: "west", heading: 90)
        #expect(state.wayAhead(steps: 3).isEmpty, "not playing")
        state.handle(.character(" "), at: 0)
        #expect(state.panorama?.id == "centre" && state.wayAhead(steps: 3).map(\.id) == ["east"], "east, then no way on")
        var back = NavigationTests.state(at: "east", heading: 270)
        back.handle(.character(" "), at: 0)
        #expect(back.wayAhead(steps: 1).map(\.id) == ["west"])
    }

    @Test("Page Up and Page Down step along the way as w and s do")
    func pageKeys() {
        var state = NavigationTests.state(at: "centre", heading: 80)
        state.handle(.pageUp)
        #expect(state.panorama?.id == "east")
        state.handle(.pageDown)
        #expect(state.panorama?.id == "centre" && state.camera.heading == 90, "a step back, still facing the same way")
    }
}
