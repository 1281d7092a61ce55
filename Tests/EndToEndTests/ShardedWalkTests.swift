import Datasets
import Foundation
import PanoCore
import PanoImage
import StreetModel
import TestSupport
import Testing

/// Walking a sharded dataset in the fronts without a picture: shards are read as the walk comes
/// near them, so a street that crosses from one shard into the next is walked to its end.
@Suite("Walking across shards")
struct ShardedWalkTests {
    @Test("--headless walks a street from one shard into the next")
    func headlessAcrossShards() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try PNGEncoder.write(RGBImage(width: 64, height: 32), to: folder.appendingPathComponent("images/a.png").path)
        // 30 panoramas 40 m apart northward from 48.195°: the shard boundary at 48.20° lies between
        // p13 and p14, and p0 is 555 m from it, beyond the 500 m that is read at once.
        let origin = Coordinate(latitude: 48.195, longitude: 16.3705)!
        let panoramas = (0..<30).map { (i: Int) -> Panorama in
            let links = [i - 1, i + 1].filter { $0 >= 0 && $0 < 30 }.map { Link(target: "p\($0)", heading: $0 > i ? 0 : 180) }
            return Panorama(id: "p\(i)", imagePath: "images/a.png", coordinate: origin.offset(by: Double(i) * 40, bearing: 0),
                            description: "Stop \(i)", links: links)
        }
        try ShardWriter.write(try ShardWriter.shardedFiles(name: "Street", start: "p0", panoramas: panoramas, markers: []), into: folder)
        let keys = Array(repeating: "w", count: 29).joined(separator: " ")
        let run = try ProgramRun.sidewalk([folder.path, "--headless", "--keys", keys], timeLimit: 60)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Stop 29"), "\(run.standardOutput.suffix(600))")
        #expect(!run.standardOutput.contains("nowhere"), "\(run.standardOutput)")
    }
}
