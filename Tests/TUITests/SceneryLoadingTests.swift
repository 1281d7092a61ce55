import Datasets
import Explorer
import Foundation
import PanoCore
import PanoImage
import StreetModel
import TestSupport
import Testing

@testable import ExplorerSession

/// What a front shows and loads, in-process, with no terminal: the walk's next panorama decoded
/// off the loop and shown when it arrives, the one left kept for the blend, a failed decode not
/// arrived at.
@Suite("The panorama on screen and the one loading")
struct SceneryLoadingTests {
    /// The fixture's street opened at b, with `b`'s image decoded, and its loading.
    private static func opened(_ fixture: DatasetFixture) throws -> (ExplorerState, SceneryLoading) {
        let dataset = try Dataset.open(try fixture.write(DatasetFixture.validManifest()))
        let start = try #require(dataset.service.panorama(id: "b"))
        let cache = PanoramaCache(dataset: dataset, byteBudget: 1 << 30)
        let image = try cache.panorama(start)
        let state = ExplorerState(camera: PanoramaCamera(), panorama: start, service: dataset.service)
        let loading = try SceneryLoading(scenery: .dataset(dataset, start: start, image: image, cache: cache), state: state, sharper: nil)
        return (state, loading)
    }

    @Test("going to another panorama loads it (a note meanwhile), then shows it and keeps the one left for the blend")
    func walkLoadsThenShows() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var (state, loading) = try Self.opened(fixture)
        #expect(loading.shownID == "b" && loading.loadingID == nil)
        #expect(loading.takeArrivals(into: &state, at: 0) == .init(), "nothing arrived, nothing to load")

        _ = state.apply(.goToPanorama(id: "c"))
        let asked = loading.takeArrivals(into: &state, at: 0.1)
        let arrivedAtOnce = loading.shownID == "c"  // prefetched neighbours may already be in memory
        if !arrivedAtOnce {
            #expect(asked.redraw && loading.loadingID == "c" && loading.loadNote == SceneryLoading.loadingNote)
            #expect(waitForArrival(on: loading.descriptor))
            #expect(loading.takeArrivals(into: &state, at: 0.2).redraw)
        }
        #expect(loading.shownID == "c" && loading.loadingID == nil && loading.loadNote == nil)
        #expect(loading.leaving?.id == "b", "b is being left while the transition blends")
        loading.transitionEnded()
        #expect(loading.leaving == nil)
    }

    @Test("a panorama whose image cannot be decoded is not arrived at: the state goes back to the one on screen and says why")
    func failedDecodeGoesBack() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        try Data("not an image".utf8).write(to: fixture.folder.appendingPathComponent("images/a.png"))
        var (state, loading) = try Self.opened(fixture)
        _ = state.apply(.goToPanorama(id: "a"))
        _ = loading.takeArrivals(into: &state, at: 0.1)
        if loading.loadingID == "a" {
            #expect(waitForArrival(on: loading.descriptor))
            _ = loading.takeArrivals(into: &state, at: 0.2)
        }
        #expect(state.panorama?.id == "b", "back on the panorama shown")
        #expect(loading.shownID == "b" && loading.loadingID == nil)
        #expect(state.note?.contains("a.png") == true, "\(String(describing: state.note))")
    }
}
