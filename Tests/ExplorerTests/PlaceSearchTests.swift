import Explorer
import PanoCore
import StreetModel
import Testing

/// Finding a place by the names a dataset holds, offline, and arriving facing it.
@Suite("Finding places by name")
struct PlaceSearchTests {
    /// On the equator, so directions are exact by construction: a place due east of a panorama
    /// shares its latitude 0 (bearing 90°), one due north its longitude (0°).
    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate { Coordinate(latitude: latitude, longitude: longitude)! }

    static let service = PanoramaService(
        panoramas: [
            Panorama(
                id: "start", imagePath: "", coordinate: point(0, 0), description: "Main Street 1",
                links: [Link(target: "north", heading: 0, description: "Station Road")]),
            Panorama(
                id: "north", imagePath: "", coordinate: point(0.0009, 0), description: "Station Road 2",
                links: [Link(target: "start", heading: 180, description: "Station Road")]),
            Panorama(id: "hall", imagePath: "", coordinate: point(0.0009, 0.0009), source: .indoor, description: "Museum hall")
        ],
        markers: [
            Marker(id: "bakery", coordinate: point(0, 0.0005), title: "Bakery Korn", snippet: "Bread since 1911"),
            Marker(id: "cafe", coordinate: point(0.0012, 0), title: "Café Aurora", snippet: "Coffee and cake"),
            Marker(id: "museum", coordinate: point(0.0009, 0.0010), title: "Town Museum")
        ])

    static func find(_ text: String) -> [String] {
        PlaceSearch.search(text, in: PlaceSearch.places(in: service), near: point(0, 0)).map(\.place.name)
    }

    @Test("case, accents and a typo do not matter; every word must match; better matches first")
    func matching() {
        #expect(Self.find("bakry").first == "Bakery Korn", "one letter left out")
        #expect(Self.find("BAKERY").first == "Bakery Korn")
        #expect(Self.find("cafe").first == "Café Aurora" && Self.find("CAFÉ AURORA").first == "Café Aurora")
        #expect(Self.find("caffe aurora").first == "Café Aurora", "one letter too many")
        #expect(Self.find("bread").first == "Bakery Korn", "a snippet's words find it too")
        #expect(Self.find("station road").first == "Station Road", "the street, a whole-name match, before an address on it")
        #expect(Self.find("bakery zebra").isEmpty && Self.find("").isEmpty && Self.find("qq").isEmpty)
        #expect(Self.find("ca").first == "Café Aurora", "the start of a word")
    }

    @Test("the Damerau-Levenshtein distance of the published examples, within a limit")
    func distance() {
        #expect(SearchText.distance("kitten", "sitting", limit: 5) == 3, "Levenshtein's own example")
        #expect(SearchText.distance("ca", "ac", limit: 2) == 1, "a swap of neighbours is one edit")
        #expect(SearchText.distance("kitten", "sitting", limit: 2) == nil)
        #expect(SearchText.words("Straße 12, Café-Aurora") == ["strasse", "12", "cafe", "aurora"])
    }

    @Test(":find goes to the panorama nearest the place and faces it; the note says what and how far")
    func arriveFacing() {
        var state = ExplorerState(
            camera: PanoramaCamera(heading: 200), panorama: Self.service.panorama(id: "north")!, service: Self.service)
        state.perform(try! TypedCommand.parse("find bakry"))
        #expect(state.panorama?.id == "start")
        #expect(abs(Degrees.wrap180(state.camera.heading - 90)) < 0.5, "the bakery is due east of it")
        #expect(state.note?.hasPrefix("Bakery Korn, 56 m ahead") == true, "\(state.note ?? "")")
        #expect(state.takeEvents().contains(.didMoveToPanorama(id: "start")))

        state.perform(try! TypedCommand.parse("find cafe"))
        #expect(state.panorama?.id == "north" && abs(state.camera.heading) < 0.5, "due north of the nearer panorama")
    }

    @Test("outdoors, a place is shown from outdoors, though an indoor panorama is nearer; nothing found says so")
    func outdoorsAndNothing() {
        var state = ExplorerState(camera: PanoramaCamera(), panorama: Self.service.panorama(id: "start")!, service: Self.service)
        state.perform(try! TypedCommand.parse("find town museum"))
        #expect(state.panorama?.id == "north", "not the museum's hall, 11 m from it but indoors")
        #expect(abs(Degrees.wrap180(state.camera.heading - 90)) < 1)
        state.perform(try! TypedCommand.parse("find zeppelin"))
        #expect(state.note == "Nothing named 'zeppelin' in this dataset" && state.panorama?.id == "north")
        #expect(throws: TypedCommandError.self) { try TypedCommand.parse("find") }
    }

    @Test(":near from outdoors lands outdoors though a room is nearer; from indoors, the nearest; outdoor as asked")
    func nearPrefersWhereYouStand() {
        var state = ExplorerState(camera: PanoramaCamera(), panorama: Self.service.panorama(id: "start")!, service: Self.service)
        state.perform(try! TypedCommand.parse("near 0.0009,0.0009 150"))
        #expect(state.panorama?.id == "north", "the hall is at that very place, but indoors")
        state.perform(try! TypedCommand.parse("goto hall"))
        state.perform(try! TypedCommand.parse("near 0.0009,0.0008 150"))
        #expect(state.panorama?.id == "hall", "from a room, the nearest: the same room")
        state.perform(try! TypedCommand.parse("near 0.0009,0.0008 150 outdoor"))
        #expect(state.panorama?.id == "north")
    }

    @Test("/ opens the command line with find already typed")
    func slash() {
        var state = ExplorerState(camera: PanoramaCamera(), panorama: Self.service.panorama(id: "north")!, service: Self.service)
        state.handle(.character("/"))
        #expect(state.commandLine == "find ")
        for key in "bakery" { state.handle(.character(key)) }
        state.handle(.enter)
        #expect(state.panorama?.id == "start" && state.commandLine == nil)
    }

    @Test("on the map, / finds a place and moves the map's cursor to it; Enter then goes to the panorama there")
    func onTheMap() throws {
        var state = ExplorerState(camera: PanoramaCamera(), panorama: Self.service.panorama(id: "north")!, service: Self.service)
        state.handle(.character("M"))
        state.handle(.character("/"))
        #expect(state.commandLine == "find ")
        for key in "bakery" { state.handle(.character(key)) }
        state.handle(.enter)
        #expect(state.map?.cursor == Self.point(0, 0.0005) && state.panorama?.id == "north", "the cursor moved; you did not")
        #expect(state.note?.hasPrefix("Bakery Korn. Cursor ") == true, "\(state.note ?? "")")
        for _ in 0..<4 { state.handle(.character("-")) }  // 16 m a dot: Enter reaches 96 m, and the bakery's panorama is 56 m off
        state.handle(.enter)
        #expect(state.panorama?.id == "start" && state.map == nil)
    }

    @Test("a tower is framed from close by: the view tilts up so its top is 15° above the middle; a shop stays level")
    func framing() {
        #expect(PlaceSearch.framingPitch(height: 2, distance: 20) == 0)
        // The demo's clock tower, 29 m tall, from 8 m: its top 73° up, the view 58° up.
        #expect(abs(PlaceSearch.framingPitch(height: 29, distance: 8) - 58.2) < 0.1)
        #expect(PlaceSearch.framingPitch(height: 300, distance: 1) == 60, "at most 60°")
        #expect(PlaceSearch.framingPitch(height: .nan, distance: 8) == 0 && PlaceSearch.framingPitch(height: 29, distance: 0) == 0)
    }
}
