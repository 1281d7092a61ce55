import Explorer
import PanoCore
import StreetModel
import Testing

/// The full map (`M`) and the minimap (`m`), as the keyboard and a screen reader meet them.
@Suite("The map")
struct MapModeTests {
    private static func state() -> ExplorerState {
        NavigationTests.state(at: "centre")
    }

    @Test("M opens the map at where you stand and says what is around; Esc closes it")
    func openAndClose() throws {
        var state = Self.state()
        let opened = state.handle(.character("M"))
        #expect(opened)
        let map = try #require(state.map)
        #expect(map.cursor == NavigationTests.origin)
        let note = try #require(state.note)
        #expect(note.hasPrefix("Map. You are at centre. Nearest: "))
        // Heard in about ten seconds: at most 30 words (a screen reader's usual 175 a minute);
        // r says the rest.
        #expect(note.split(separator: " ").count <= 30 && note.hasSuffix("r says more."), "\(note)")
        state.handle(.character("r"))
        let reading = try #require(state.note)
        #expect(
            reading.contains("east, 12 m east") && reading.contains("Streets: Station Road, north; Main Street, east and west.")
                && reading.hasSuffix("Escape returns."), "\(reading)")
        let closed = state.handle(.escape)
        #expect(closed)
        #expect(state.map == nil && state.note == "Map closed.")
    }

    /// Two captures at each of two places, summer and winter, 12 m apart along a street.
    private static let twins = PanoramaService(panoramas: [
        Panorama(id: "here", imagePath: "", coordinate: NavigationTests.at(0, 0), captureDate: "2024-06", description: "Main Street 16"),
        Panorama(id: "here-winter", imagePath: "", coordinate: NavigationTests.at(0, 0), captureDate: "2023-01", description: "in winter"),
        Panorama(id: "next-winter", imagePath: "", coordinate: NavigationTests.at(12, 0), captureDate: "2023-01", description: "in winter"),
        Panorama(id: "next", imagePath: "", coordinate: NavigationTests.at(12, 0), captureDate: "2024-06", description: "Main Street 18")
    ])

    @Test("Tab names each place once, the capture of your own date, and Enter goes where Tab named")
    func tabAndEnterAgree() throws {
        var state = ExplorerState(camera: PanoramaCamera(), panorama: Self.twins.panorama(id: "here")!, service: Self.twins)
        state.handle(.character("M"))
        #expect(state.note?.contains("Nearest: Main Street 18, 12 m east.") == true, "\(state.note ?? "")")
        state.handle(.tab)
        let note = try #require(state.note)
        #expect(note.hasPrefix("Main Street 18. ") && note.contains("Nearest panorama: Main Street 18, here; Enter goes there."), "\(note)")
        state.handle(.tab)
        #expect(state.note?.hasPrefix("Main Street 18. ") == true, "one stop only: the winter captures are the same places")
        state.handle(.enter)
        #expect(state.panorama?.id == "next")
    }

    @Test("arrows move the cursor and say where it is; Enter goes to the panorama nearest it, with the events")
    func jump() throws {
        var state = Self.state()
        state.handle(.character("M"))
        _ = state.takeEvents()
        state.handle(.right)  // 8 dots of 1 m: 8 m east
        let note = try #require(state.note)
        #expect(note.hasPrefix("Cursor 8 m east of you. Nearest panorama: east, 4 m east; Enter goes there."), "\(note)")
        let went = state.handle(.enter)
        #expect(went)
        #expect(state.panorama?.id == "east" && state.map == nil)
        let events = state.takeEvents()
        #expect(events.contains(.willMoveToPanorama(id: "east")) && events.contains(.didMoveToPanorama(id: "east")))
        #expect(events.contains { if case .didMoveToPanoramaNearCoordinate(id: "east", _) = $0 { true } else { false } })
    }

    @Test("Enter with no panorama near the cursor says so, reports it, and stays in the map")
    func nothingThere() throws {
        var state = Self.state()
        state.handle(.character("M"))
        for _ in 0..<4 { state.handle(.down) }
        _ = state.takeEvents()
        state.handle(.enter)
        #expect(state.map != nil && state.panorama?.id == "centre")
        #expect(state.note?.hasPrefix("No street-level imagery available within 15 m of") == true, "\(state.note ?? "")")
        let events = state.takeEvents()
        #expect(events.contains { if case .errorOnMoveNearCoordinate = $0 { true } else { false } })
    }

    @Test("+ and - change the scale; Tab steps to the nearest places in turn")
    func zoomAndTab() throws {
        var state = Self.state()
        state.handle(.character("M"))
        state.handle(.character("+"))
        #expect(state.map?.metresPerDot == 0.5 && state.note == "Map scale 0.5 m a dot.")
        state.handle(.character("-"))
        state.handle(.character("-"))
        #expect(state.map?.metresPerDot == 2)
        state.handle(.tab)
        let first = try #require(state.map?.cursor)
        #expect(
            [NavigationTests.at(12, 0), NavigationTests.at(-12, 0), NavigationTests.at(0, 12)].contains { $0.distance(to: first) < 0.01 },
            "the nearest first; centre's other capture date is where you stand, no stop of its own")
        state.handle(.tab)
        let second = try #require(state.map?.cursor)
        #expect(second != first)
        state.handle(.backTab)
        #expect(state.map?.cursor == first)
    }

    @Test("walking off in the map obeys the navigation gesture; :map opens it; m toggles the minimap")
    func gesturesAndCommands() {
        var state = Self.state()
        state.gestures.navigation = false
        state.handle(.character("M"))
        state.handle(.right)
        state.handle(.enter)
        #expect(state.panorama?.id == "centre" && state.note == "walking is switched off")
        var typed = Self.state()
        typed.perform(.map)
        #expect(typed.map != nil)
        #expect(!typed.minimapShown)
        var minimap = Self.state()
        minimap.handle(.character("m"))
        #expect(minimap.minimapShown && minimap.note == "minimap on")
    }

    @Test("a drag pans the map and the wheel zooms it; a click on a panorama's dot goes there")
    func mouse() {
        var state = Self.state()
        state.handle(.character("M"))
        state.handle(gesture: .panMap(columns: -2, rows: 0))
        #expect(state.map.map { $0.cursor.distance(to: NavigationTests.at(4, 0)) < 0.01 } == true, "dragging left shows what is east")
        state.handle(gesture: .zoomMap(in: true))
        #expect(state.map?.metresPerDot == 0.5)
        state.handle(gesture: .goToPanorama(id: "north"))
        #expect(state.panorama?.id == "north" && state.map == nil)
    }

    @Test("Enter on a place found on the map arrives facing it, and the map's note goes with the map")
    func arrivesFacingThePlace() throws {
        let kiosk = Marker(id: "kiosk", coordinate: NavigationTests.at(14, 4), title: "Kiosk")
        let service = PanoramaService(panoramas: NavigationTests.service.panoramas, markers: [kiosk])
        var state = ExplorerState(camera: PanoramaCamera(heading: 270), panorama: service.panorama(id: "centre")!, service: service)
        state.handle(.character("M"))
        state.find("kiosk")
        #expect(state.map?.cursor == kiosk.coordinate)
        state.handle(.enter)
        #expect(state.panorama?.id == "east" && state.map == nil)
        let facing = NavigationTests.at(12, 0).bearing(to: kiosk.coordinate)
        #expect(abs(Degrees.wrap180(state.camera.heading - facing)) < 0.5, "heading \(state.camera.heading), the kiosk at \(facing)")
        #expect(state.note == nil, "\(state.note ?? "")")
    }
}
