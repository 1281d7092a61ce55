import Explorer
import PanoCore
import StreetModel
import Testing

/// `/` and `:find` beyond the names in memory: a sharded dataset's names index, the imagery read
/// near what it finds, then the web.
@Suite("Finding names not read yet")
struct NamesLookupTests {
    /// A place 900 m north of the crossroads, in no panorama read yet.
    static let farPlace = NamedPlace(name: "Stop 29", kind: .panorama, coordinate: NavigationTests.at(0, 900))

    static func indexed() -> ExplorerState {
        var state = NavigationTests.state(at: "centre")
        state.allowSearches(PlaceLookup(names: { _, _ in .success([]) }, web: WebSearch(attribution: "©") { _ in .success([]) }))
        state.imageryCanBeRead = true
        return state
    }

    @Test("a name not in memory asks the names index, near where you stand; once")
    func asksTheIndex() {
        var state = Self.indexed()
        state.perform(.find("stop 29"))
        #expect(state.takeSearch() == .names("stop 29", near: NavigationTests.at(0, 0)) && state.takeSearch() == nil)
        #expect(state.note == "Searching this dataset's names for 'stop 29'…")
        state.perform(.find("station road"))
        #expect(state.takeSearch() == nil, "a name in memory is found at once")
        #expect(state.note?.hasPrefix("Station Road") == true, "\(state.note ?? "")")
    }

    @Test("what the index finds far off: its imagery is read first, then it goes there; nothing there says where the nearest is")
    func readsThenGoes() {
        var state = Self.indexed()
        state.perform(.find("stop 29"))
        _ = state.takeSearch()
        state.showNamesFound(.success([PlaceMatch(place: Self.farPlace, score: 1, distance: 900)]), for: "stop 29")
        #expect(state.takeImageryAsked() == Self.farPlace.coordinate && state.note == "Stop 29: looking for imagery there…")
        #expect(state.panorama?.id == "centre")
        let far = Panorama(id: "p29", imagePath: "", coordinate: Self.farPlace.coordinate, description: "Stop 29")
        state.grow(.larger(PanoramaService(panoramas: NavigationTests.service.panoramas + [far])))
        state.imageryRead(near: Self.farPlace.coordinate)
        #expect(state.panorama?.id == "p29" && state.note == "Stop 29, here")

        var empty = Self.indexed()
        empty.perform(.find("stop 29"))
        _ = empty.takeSearch()
        empty.showNamesFound(.success([PlaceMatch(place: Self.farPlace, score: 1, distance: 900)]), for: "stop 29")
        _ = empty.takeImageryAsked()
        empty.imageryRead(near: Self.farPlace.coordinate)
        #expect(empty.panorama?.id == "centre" && empty.takeImageryAsked() == nil, "asked once, not again")
        #expect(empty.note?.hasPrefix("Stop 29: no imagery within 200 m; nearest imagery 860 m south") == true, "\(empty.note ?? "")")
    }

    @Test("the index finding nothing asks the web; a failed read is said")
    func thenTheWeb() {
        var state = Self.indexed()
        state.perform(.find("town hall"))
        _ = state.takeSearch()
        state.showNamesFound(.success([]), for: "town hall")
        #expect(state.takeSearch() == .web("town hall"))
        state.showNamesFound(.failure(SearchFailure("names not searched: names/7.tsv: no such file")), for: "town hall")
        #expect(state.note == "names not searched: names/7.tsv: no such file")
    }
}
