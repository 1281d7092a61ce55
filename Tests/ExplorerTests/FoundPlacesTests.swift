import Explorer
import PanoCore
import StreetModel
import Testing

/// The list a web search shows: what the keys do in it.
@Suite("Places found on the web")
struct FoundPlacesTests {
    static let places = [
        FoundPlace(
            name: "North Hall", kind: "amenity/townhall", address: "North Hall, Station Road", coordinate: NavigationTests.at(0, 30)),
        FoundPlace(name: "Far Mill", kind: "man_made/mill", address: "", coordinate: NavigationTests.at(5000, 0))
    ]

    static func listed() -> ExplorerState {
        var state = NavigationTests.state(at: "centre")
        state.webSearchAllowed = true
        state.perform(.find("hall"))
        #expect(state.takeSearch() == .web("hall") && state.takeSearch() == nil, "asked once")
        state.showFound(.success(places), for: "hall", attribution: "© OpenStreetMap contributors")
        return state
    }

    @Test("a number goes to the place: the panorama nearest it, facing it; a number past the list only reminds")
    func number() {
        var state = Self.listed()
        #expect(state.found?.places.count == 2)
        #expect(
            state.note?.hasPrefix("2 places found for 'hall': 1 North Hall · amenity/townhall · Station Road; 2 Far Mill · man_made/mill.")
                == true)
        state.handle(.character("7"))
        #expect(state.found != nil && state.note == "Press 1 to 2, or Up, Down and Enter; Escape closes")
        state.handle(.character("1"))
        // North Hall is 30 m north of the centre: "north" (12 m north) is nearest it, 18 m short, facing north.
        #expect(state.found == nil && state.panorama?.id == "north" && abs(state.camera.heading) < 0.5)
        #expect(state.note == "North Hall, 18 m ahead")
    }

    @Test("arrows move through the list and Enter goes; Escape closes it; a place with no imagery near says where the nearest is")
    func arrowsAndEscape() {
        var state = Self.listed()
        state.handle(.down)
        #expect(state.found?.selected == 1 && state.note == "2 of 2: Far Mill · man_made/mill")
        state.handle(.enter)
        #expect(state.found == nil && state.panorama?.id == "centre")
        #expect(state.note?.hasPrefix("Far Mill: no imagery within 200 m; nearest imagery 5.0 km west") == true, "\(state.note ?? "")")
        var closing = Self.listed()
        closing.handle(.escape)
        #expect(closing.found == nil && closing.note == "Search closed")
    }
}
