import Foundation
import TestSupport
import Testing

/// `sidewalk info` on a sharded dataset larger than a walk may hold: read one shard at a time.
@Suite("Sharded info")
struct ShardedInfoTests {
    @Test("info on 12 shards of 10,000 panoramas holds one shard at a time, and counts them all")
    func oneShardAtATime() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.folder.appendingPathComponent("shards"), withIntermediateDirectories: true)
        var index: [[String: Any]] = []
        for s in 0..<12 {
            // Written as text: 10,000 panoramas in a 100 × 100 grid of 1 m steps.
            let panoramas = (0..<10_000).map { i in
                #"{"id": "s\#(s)-p\#(i)", "image": "images/a.png", "lat": \#(48.2 + Double(i / 100) * 1e-5), "lng": \#(16.37 + Double(i % 100) * 1e-5)}"#
            }
            let text = #"{"format": "sidewalk-shard", "version": 1, "panoramas": ["# + panoramas.joined(separator: ",") + "]}"
            try Data(text.utf8).write(to: fixture.folder.appendingPathComponent("shards/\(s).json"))
            index.append(["href": "shards/\(s).json", "bbox": [16.37, 48.2, 16.371, 48.201], "count": 10_000])
        }
        try fixture.write(["format": "sidewalk-dataset", "version": 1, "start": "s0-p0", "shards": index])
        let run = try ProgramRun.sidewalk(["info", fixture.folder.path], measuringMemory: true, timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("panoramas:  120000 (120000 outdoor, 0 indoor)"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("shards:     12"))
        // Before, every shard was held at once: 169 MB in the debug build; one at a time, 54 MB.
        let bound = ProgramRun.memoryBound(kilobytes: 100 * 1024, sanitized: 12)
        #expect(run.peakResidentKilobytes < bound, "peak \(run.peakResidentKilobytes / 1024) MB")
    }
}
