@testable import SidewalkCommands
import TestSupport
import Testing
import TUI

/// Commands called in-process, where the process boundary is not the point.
@Suite("Commands in-process")
struct InProcessCommandTests {
    @Test("the start panorama is the cache's first entry: counted in the budget, not decoded again on the way back")
    func startPanoramaIsCached() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let folder = try fixture.write(DatasetFixture.validManifest())
        let opened = try PanoramaSelection().open(folder)
        guard case let .dataset(_, start, _, cache) = opened.scenery else {
            Issue.record("a dataset opens as a dataset")
            return
        }
        #expect(cache.residentIDs == [start.id], "it was decoded outside the cache")
        #expect(cache.residentBytes > 0)
    }
}
