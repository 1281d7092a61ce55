import Datasets
import Foundation
import PanoCore
import StreetModel
import TestSupport
import Testing

/// Sharded datasets: written by cells, opened by reading the index and one shard, read further as
/// a walk comes near, and checked as strictly as one manifest.
@Suite("Sharded datasets")
struct ShardTests {
    static func street(count: Int) -> [Panorama] {
        NorthwardStreet.panoramas(count: count)
    }

    private func write(_ panoramas: [Panorama], start: String? = nil, in fixture: DatasetFixture) throws -> String {
        let files = try ShardWriter.shardedFiles(name: "Street", start: start, panoramas: panoramas, markers: [])
        try ShardWriter.write(files, into: fixture.folder)
        return fixture.folder.path
    }

    @Test("opening reads the index and the start's shard only; the rest come as asked for")
    func opensOneShard() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let panoramas = Self.street(count: 40)  // 1.56 km: across the boundary at 48.20°
        let path = try write(panoramas, in: fixture)
        let dataset = try Dataset.open(path)
        let shards = try #require(dataset.shards)
        #expect(shards.shards.count == 2)
        #expect(shards.panoramaCount == 40)
        #expect(dataset.loadedShards == [0])
        #expect(dataset.startID == "p0")
        let first = dataset.service.panoramas.count
        #expect(first < 40 && first > 0)
        // The last panorama of the first shard links on into the second, which is not read yet.
        let edge = try #require(dataset.service.panorama(id: "p\(first - 1)"))
        let onward = try #require(edge.links.first { $0.target == "p\(first)" })
        #expect(onward.targetCoordinate != nil, "a link to another shard says where its target stands")
        #expect(dataset.service.panorama(id: "p\(first)") == nil)
        let larger = try #require(try dataset.withShards(near: edge.coordinate))
        #expect(larger.service.panorama(id: "p\(first)") != nil)
        #expect(try larger.withShards(near: edge.coordinate) == nil, "nothing more near there")
        #expect(try dataset.findingPanorama(id: "p39")?.service.panorama(id: "p39") != nil)
        #expect(try dataset.withAllShards().service.panoramas.count == 40)
    }

    @Test("the nearest imagery to a place with none near is found in a shard not read yet")
    func nearestImageryReadsShards() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let panoramas = Self.street(count: 40)
        let dataset = try Dataset.open(try write(panoramas, in: fixture))
        #expect(dataset.loadedShards == [0] && dataset.service.panorama(id: "p39") == nil)
        // 500 m on north of the street's last panorama, which is in the second shard.
        let beyond = panoramas[39].coordinate.offset(by: 500, bearing: 0)
        let nearest = try #require(dataset.nearestImagery(to: beyond))
        #expect(nearest.name == "Stop 39" && abs(nearest.distance - 500) < 0.01 && abs(nearest.bearing - 180) < 0.01)
        #expect(nearest.description == "nearest imagery 500 m south, Stop 39")
    }

    @Test("a name is found from the names index without reading the shard it is in, typo and all, across buckets")
    func namesIndex() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        // 1,500 names: two buckets of the index.
        let dataset = try Dataset.open(try write(Self.street(count: 1500), in: fixture))
        #expect(dataset.shards?.names == "names/words.tsv")
        #expect(FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("names/1.tsv").path))
        for (typed, expected) in [("Stop 1499", "p1499"), ("stpo 39", "p39"), ("STOP 700", "p700")] {
            let found = try dataset.searchPlaces(typed, near: nil, limit: 1)
            #expect(found.first?.place.id == expected, "\(typed): \(found.map(\.place.name))")
        }
        #expect(try dataset.searchPlaces("harbour", near: nil).isEmpty)
        #expect(dataset.loadedShards == [0], "searching reads no shard")
    }

    @Test("the start's shard comes first, whichever cell it is in")
    func startShardFirst() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let dataset = try Dataset.open(try write(Self.street(count: 40), start: "p39", in: fixture))
        #expect(dataset.startID == "p39")
        #expect(dataset.service.panorama(id: "p39") != nil && dataset.loadedShards == [0])
    }

    @Test("import and tile write one manifest up to the threshold and shards above it")
    func threshold() throws {
        let small = try ShardWriter.manifestFiles(name: nil, start: nil, panoramas: Self.street(count: 3), markers: [])
        #expect(small.map(\.path) == ["manifest.json"])
        let large = try ShardWriter.manifestFiles(
            name: nil, start: nil, panoramas: Self.street(count: ShardWriter.threshold + 1), markers: [])
        #expect(large.count > 2 && large.last?.path == "manifest.json")
        #expect(large.dropLast().allSatisfy { $0.path.hasPrefix("shards/") || $0.path.hasPrefix("names/") })
        #expect(large.contains { $0.path == NamesIndex.wordsPath })
    }

    @Test("a broken index or shard is reported with its path", arguments: ["bbox", "panoramas too", "unplaced link"])
    func broken(breakage: String) throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let path = try write(Self.street(count: 40), in: fixture)
        let manifestURL = fixture.folder.appendingPathComponent("manifest.json")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        var shards = try #require(root["shards"] as? [[String: Any]])
        switch breakage {
        case "bbox": shards[1]["bbox"] = [20, 48, 10, 49]
        case "panoramas too": root["panoramas"] = []
        default:
            // The second shard's link back into the first loses the position that finds it.
            let second = fixture.folder.appendingPathComponent(try #require(shards[1]["href"] as? String))
            let text = try String(contentsOf: second, encoding: .utf8)
            try text.replacingOccurrences(of: "\"lat\" : 48.19", with: "\"latitude\" : 48.19").write(
                to: second, atomically: true, encoding: .utf8)
        }
        root["shards"] = shards
        try JSONSerialization.data(withJSONObject: root).write(to: manifestURL)
        let result = Result { () throws(DatasetError) in try Dataset.open(path).withAllShards() }
        guard case .failure(.invalid(_, let problems)) = result else {
            Issue.record("\(breakage): not reported as invalid: \(result)")
            return
        }
        let expected = ["bbox": "$.shards[1].bbox", "panoramas too": "$.panoramas", "unplaced link": "$.panoramas"][breakage]!
        #expect(problems.contains { $0.path.hasPrefix(expected) }, "\(breakage): \(problems)")
    }
}
