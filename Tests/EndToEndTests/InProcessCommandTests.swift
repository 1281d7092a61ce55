import Foundation
import TUI
import TestSupport
import Testing

@testable import SidewalkCommands

/// Commands called in-process, where the process boundary is not the point.
@Suite("Commands in-process")
struct InProcessCommandTests {
    @Test(
        "a benchmark's JSON holds an infinite PSNR (identical pictures) as \"inf\", not nothing (bench encode --color 256 --json printed nothing)"
    )
    func infiniteInJSON() {
        struct Report: Encodable {
            let psnr_db: Double
            let bytes: Int
        }
        #expect(BenchCommand.json([Report(psnr_db: .infinity, bytes: 3)]) == #"[{"bytes":3,"psnr_db":"inf"}]"#)
        #expect(BenchCommand.json(Report(psnr_db: 31.5, bytes: 1)) == #"{"bytes":1,"psnr_db":31.5}"#)
    }

    @Test("the default street map is OpenFreeMap's planet TileJSON; SIDEWALK_STREET_MAP names another, or off")
    func defaultStreetMap() {
        #expect(DefaultStreetMap.address(environment: [:]) == "https://tiles.openfreemap.org/planet")
        #expect(DefaultStreetMap.address(environment: ["SIDEWALK_STREET_MAP": ""]) == "https://tiles.openfreemap.org/planet")
        #expect(
            DefaultStreetMap.address(environment: ["SIDEWALK_STREET_MAP": "http://127.0.0.1:8080/planet"]) == "http://127.0.0.1:8080/planet"
        )
        #expect(DefaultStreetMap.address(environment: ["SIDEWALK_STREET_MAP": "off"]) == nil)
    }

    @Test("the start panorama is the cache's first entry: counted in the budget, not decoded again on the way back")
    func startPanoramaIsCached() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let folder = try fixture.write(DatasetFixture.validManifest())
        let opened = try PanoramaSelection().open(folder)
        guard case .dataset(_, let start, _, let cache) = opened.scenery(cacheBytes: 32 << 20) else {
            Issue.record("a dataset opens as a dataset")
            return
        }
        #expect(cache.residentIDs == [start.id], "it was decoded outside the cache")
        #expect(cache.residentBytes > 0)
        #expect(cache.byteBudget == 32 << 20, "the budget --cache-mb gives")
    }

    @Test("a run that passed only when played again is flaky, and says so on its line and in its reports")
    func flakyRun() {
        let script = ScriptSuite.Script(path: "walk.txt", lines: [])
        var run = ScriptSuite.Run(script: script, front: .headless, result: .init(), seconds: 0, simulated: 0)
        #expect(!run.flaky && TestCommand.line(run) == "ok   walk.txt (headless, 0 expectations)")
        run.attempts = 2
        #expect(run.flaky && TestCommand.line(run) == "ok   walk.txt (headless, 0 expectations) flaky: passed on attempt 2")
        #expect(ScriptReport.tap([run]).contains("# played 2 times: flaky, passed on the last\n"))
        #expect(
            ScriptReport.junit([run], at: Date(timeIntervalSince1970: 0), hostname: "h").contains(#"<property name="flaky" value="true"/>"#)
        )
    }
}
