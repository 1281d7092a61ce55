import PanoCore
import StreetModel
import Testing

@testable import Explorer

/// The street map's places around you, taken by the state as markers like the dataset's own.
@Suite("Places around, in the state")
struct PlacesAroundStateTests {
    static let bakery = Marker(id: "map:b", coordinate: NavigationTests.at(10, 17), title: "Boulangerie Dupont", snippet: "bakery")

    static func state() -> ExplorerState {
        ExplorerState(camera: PanoramaCamera(), panorama: FocusTests.service.panorama(id: "centre")!, service: FocusTests.service)
    }

    @Test("taken places are markers after the dataset's: Tab reaches them, Enter reads what and where, r says them by side")
    func markers() {
        var state = Self.state()
        let first = state.placesAround([Self.bakery])
        let again = state.placesAround([Self.bakery])
        #expect(first && !again, "the same places change nothing")
        #expect(state.markers.map(\.id) == ["cafe", "far", "map:b"])
        #expect(state.focusables.suffix(2) == [.marker("cafe"), .marker("map:b")])
        state.handle(.backTab)
        state.handle(.enter)
        #expect(state.note == "Boulangerie Dupont, bakery, 20 metres ahead on the right")
        state.handle(.character("r"))
        #expect(state.note?.hasSuffix("Ahead on the right: Café Aurora 7 metres, Boulangerie Dupont 20.") == true, "\(state.note ?? "")")
    }

    @Test("a focused place that is no longer around loses the focus; a single image takes none")
    func focusLost() {
        var state = Self.state()
        state.placesAround([Self.bakery])
        state.handle(.backTab)
        #expect(state.focus == .marker("map:b"))
        state.placesAround([])
        #expect(state.focus == nil && state.markers.map(\.id) == ["cafe", "far"])
        var image = ExplorerState()
        let changed = image.placesAround([Self.bakery])
        #expect(!changed && image.markers.isEmpty)
    }

    @Test("/ finds a place around by what it is, and faces it from the panorama nearest it")
    func found() {
        var state = Self.state()
        state.placesAround([Self.bakery])
        state.find("bakery")
        #expect(state.panorama?.id == "north" && state.note == "Boulangerie Dupont, 11 m ahead", "\(state.note ?? "")")
        #expect(abs(Degrees.wrap180(state.camera.heading - NavigationTests.at(0, 12).bearing(to: Self.bakery.coordinate))) < 0.5)
    }
}
