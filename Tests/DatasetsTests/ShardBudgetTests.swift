import Foundation
import PanoCore
import StreetModel
import TestSupport
import Testing

@testable import Datasets

/// The shards a walk holds, as a whole: within a budget of panoramas, far shards let go first,
/// near ones never, and a shard that will not fit said by name; `info` reads one at a time.
@Suite("Shards held within a budget")
struct ShardBudgetTests {
    /// Writes a sharded dataset: shard `s` holds `counts[s]` panoramas (ids `sS-pI`) in a
    /// 50 m box at `places[s]` (degrees), its index saying `declared[s]` (default: the truth).
    private static func write(
        counts: [Int], places: [(Double, Double)], declared: [Int]? = nil, duplicate: Bool = false, in fixture: DatasetFixture
    ) throws -> String {
        try FileManager.default.createDirectory(at: fixture.folder.appendingPathComponent("shards"), withIntermediateDirectories: true)
        var index: [[String: Any]] = []
        for (s, count) in counts.enumerated() {
            let (lat, lng) = places[s]
            let panoramas: [[String: Any]] = (0..<count).map { i in
                [
                    "id": duplicate && s > 0 && i == 0 ? "s0-p0" : "s\(s)-p\(i)", "image": "images/a.png", "lat": lat + Double(i) * 1e-6,
                    "lng": lng
                ]
            }
            let shard: [String: Any] = ["format": "sidewalk-shard", "version": 1, "panoramas": panoramas]
            try JSONSerialization.data(withJSONObject: shard).write(to: fixture.folder.appendingPathComponent("shards/\(s).json"))
            index.append(["href": "shards/\(s).json", "bbox": [lng, lat, lng + 0.0005, lat + 0.0005], "count": declared?[s] ?? count])
        }
        return try fixture.write(["format": "sidewalk-dataset", "version": 1, "start": "s0-p0", "shards": index])
    }

    @Test("five shards in one place, 40 panoramas each, 100 held at most: two are read, then the third is refused by name")
    func nearShardsOverBudget() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let opened = try Dataset.open(
            try Self.write(counts: Array(repeating: 40, count: 5), places: Array(repeating: (48.2, 16.37), count: 5), in: fixture))
        let larger = try opened.withShards([1, 2, 3, 4], holding: 100)
        #expect(larger.loadedShards == [0, 1] && larger.service.panoramas.count == 80)
        #expect(throws: DatasetError.tooManyHeld(path: "shards/2.json", count: 40, most: 100)) {
            try larger.withShards([2, 3, 4], holding: 100)
        }
        #expect(DatasetError.tooManyHeld(path: "shards/2.json", count: 40, most: 100).description.contains("not read"))
    }

    @Test("walking on, a shard far away (over 1 km) is let go for one near where the walk is")
    func farShardsLetGo() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        // Three places 2 km apart, north to south.
        let path = try Self.write(counts: [40, 40, 40], places: [(48.2, 16.37), (48.182, 16.37), (48.164, 16.37)], in: fixture)
        let opened = try Dataset.open(path)
        let two = try opened.withShards([1], holding: 100)
        #expect(two.loadedShards == [0, 1])
        let moved = try two.withShards([2], holding: 100)
        #expect(moved.loadedShards == [1, 2], "the farthest from shard 2, shard 0 (4 km), went")
        #expect(moved.service.panorama(id: "s0-p0") == nil && moved.service.panorama(id: "s1-p0") != nil)
        #expect(moved.service.panoramas.count == 80)
        #expect(try moved.withAllShards().service.panoramas.count == 120, "tile and import read all, letting none go")
    }

    @Test("a shard holding more panoramas than its index says is refused")
    func lyingCount() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let opened = try Dataset.open(
            try Self.write(counts: [3, 40], places: [(48.2, 16.37), (48.2, 16.37)], declared: [3, 1], in: fixture))
        #expect {
            try opened.withShards([1])
        } throws: { error in
            "\(error)".contains("holds 40 panoramas, more than the 1 the manifest's index says")
        }
        #expect("info, shard by shard, the same") {
            try opened.eachShard { _ in }
        } throws: { error in
            "\(error)".contains("holds 40 panoramas, more than the 1 the manifest's index says")
        }
    }

    @Test("eachShard gives each shard's panoramas once, and finds an id repeated across shards")
    func eachShard() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let opened = try Dataset.open(try Self.write(counts: [3, 4, 5], places: Array(repeating: (48.2, 16.37), count: 3), in: fixture))
        var counts: [Int] = []
        try opened.eachShard { counts.append($0.count) }
        #expect(counts == [3, 4, 5])
        let twice = try DatasetFixture()
        defer { twice.remove() }
        let repeated = try Dataset.open(
            try Self.write(counts: [3, 4], places: Array(repeating: (48.2, 16.37), count: 2), duplicate: true, in: twice))
        #expect {
            try repeated.eachShard { _ in }
        } throws: { error in
            "\(error)".contains("'s0-p0' is also in another shard")
        }
    }
}
