import Datasets
import Foundation
import PanoCore
import PanoImage
import StreetModel
import SystemIO
import TestSupport
import Testing

/// The image rule (nothing is read through a link that leads out of the dataset folder) holds for
/// tiles and shards too, and nothing is written through such a link by `tile` or `import`.
@Suite("Links out of a dataset")
struct LinkedOutsideTests {
    private static let manager = FileManager.default

    /// A folder beside the dataset, where links lead.
    private static func outsideFolder(of fixture: DatasetFixture) throws -> URL {
        let outside = fixture.folder.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString)")
        try manager.createDirectory(at: outside, withIntermediateDirectories: true)
        return outside
    }

    private static func contents(of folder: URL) throws -> [String] {
        try manager.subpathsOfDirectory(atPath: folder.path).sorted()
    }

    /// TilingTests' image tiled into `output`, opened, with a folder `outside` beside it.
    private struct TiledFixture {
        let fixture: DatasetFixture
        let outside: URL
        let output: URL
        let dataset: Dataset
        let panorama: Panorama
        let tiles: PanoramaTiles

        init() throws {
            fixture = try DatasetFixture()
            outside = try LinkedOutsideTests.outsideFolder(of: fixture)
            output = fixture.folder.appendingPathComponent("tiled")
            _ = try DatasetTiler.tile(image: try TilingTests.writeImage(in: fixture.folder), into: output)
            dataset = try Dataset.open(output.path)
            panorama = try #require(dataset.service.panoramas.first)
            tiles = try #require(panorama.tiles)
        }

        func remove() {
            for url in [fixture.folder, outside] { try? FileManager.default.removeItem(at: url) }
        }
    }

    @Test("a tile linked to a valid tile outside is refused, naming the tile, and so is one linked to /etc/passwd")
    func tileLinkedOutside() throws {
        let tiled = try TiledFixture()
        defer { tiled.remove() }
        let (output, outside, dataset, panorama, tiles) = (tiled.output, tiled.outside, tiled.dataset, tiled.panorama, tiled.tiles)
        let key = TileGrid.Key(level: 2, row: 0, column: 1)
        let tile = output.appendingPathComponent(tiles.path(of: key))
        // The tile itself, moved outside: it would decode at the right size if it were followed.
        let moved = outside.appendingPathComponent("tile.jpg")
        try Self.manager.moveItem(at: tile, to: moved)
        try Self.manager.createSymbolicLink(at: tile, withDestinationURL: moved)
        let expected = PanoramaError.image(.file(.leadsOutside(path: tile.path, folder: "the dataset folder")))
        #expect(throws: expected) { try dataset.loadTile(key, of: panorama) }
        try Self.manager.removeItem(at: tile)
        try Self.manager.createSymbolicLink(atPath: tile.path, withDestinationPath: "/etc/passwd")
        #expect(throws: expected) { try dataset.loadTile(key, of: panorama) }
        #expect(expected.description.contains("leads outside the dataset folder"))
    }

    @Test("a folder of tiles linked outside is refused for every tile in it")
    func tileFolderLinkedOutside() throws {
        let tiled = try TiledFixture()
        defer { tiled.remove() }
        let (output, outside, dataset, panorama, tiles) = (tiled.output, tiled.outside, tiled.dataset, tiled.panorama, tiled.tiles)
        let finest = output.appendingPathComponent(tiles.path(of: .init(level: 2, row: 0, column: 0)))
            .deletingLastPathComponent().deletingLastPathComponent()
        let moved = outside.appendingPathComponent("2")
        try Self.manager.moveItem(at: finest, to: moved)
        try Self.manager.createSymbolicLink(at: finest, withDestinationURL: moved)
        #expect(try dataset.loadTile(.init(level: 1, row: 0, column: 0), of: panorama).width == 512)
        let result = Result { () throws(PanoramaError) in try dataset.loadTile(.init(level: 2, row: 1, column: 2), of: panorama) }
        guard case .failure(.image(.file(.leadsOutside))) = result else {
            Issue.record("a tile in a folder linked outside was read: \(result)")
            return
        }
    }

    @Test("a shard linked to a valid shard outside is refused when it is read")
    func shardLinkedOutside() throws {
        let fixture = try DatasetFixture()
        let outside = try Self.outsideFolder(of: fixture)
        defer { for url in [fixture.folder, outside] { try? Self.manager.removeItem(at: url) } }
        let files = try ShardWriter.shardedFiles(name: "Street", start: nil, panoramas: NorthwardStreet.panoramas(count: 40), markers: [])
        try ShardWriter.write(files, into: fixture.folder)
        let dataset = try Dataset.open(fixture.folder.path)
        let second = try #require(dataset.shards?.shards.dropFirst().first?.path)
        let shard = fixture.folder.appendingPathComponent(second)
        let moved = outside.appendingPathComponent("shard.json")
        try Self.manager.moveItem(at: shard, to: moved)
        try Self.manager.createSymbolicLink(at: shard, withDestinationURL: moved)
        let result = Result { () throws(DatasetError) in try dataset.withAllShards() }
        guard case .failure(.file(.leadsOutside(let path, _))) = result else {
            Issue.record("a shard linked outside was read: \(result)")
            return
        }
        #expect(path == shard.path)
    }

    @Test("tile writes no tile through a folder linked outside, and says so")
    func tileOutputLinkedOutside() throws {
        let fixture = try DatasetFixture()
        let outside = try Self.outsideFolder(of: fixture)
        defer { for url in [fixture.folder, outside] { try? Self.manager.removeItem(at: url) } }
        let output = fixture.folder.appendingPathComponent("tiled")
        try Self.manager.createDirectory(at: output, withIntermediateDirectories: true)
        try Self.manager.createSymbolicLink(at: output.appendingPathComponent("tiles"), withDestinationURL: outside)
        let image = try TilingTests.writeImage(in: fixture.folder)
        let result = Result { () throws(DatasetTiler.Failure) in try DatasetTiler.tile(image: image, into: output) }
        guard case .failure(let failure) = result else {
            Issue.record("tiles were written through a link out of the output")
            return
        }
        #expect(failure.description.contains("leads outside the dataset folder"), "\(failure)")
        #expect(try Self.contents(of: outside).isEmpty)
    }

    @Test("import --force writes no photo through an images/ linked outside")
    func importOutputLinkedOutside() throws {
        let source = try ImportTests.folder()
        let parent = try ImportTests.folder()
        defer { for url in [source, parent] { try? Self.manager.removeItem(at: url) } }
        try Data(try ImportTests.photo(at: ImportTests.origin)).write(to: source.appendingPathComponent("a.jpg"))
        let output = parent.appendingPathComponent("dataset")
        let outside = parent.appendingPathComponent("outside")
        try Self.manager.createDirectory(at: output, withIntermediateDirectories: true)
        try Self.manager.createDirectory(at: outside, withIntermediateDirectories: true)
        try Self.manager.createSymbolicLink(at: output.appendingPathComponent("images"), withDestinationURL: outside)
        let result = Result { () throws(PhotoImporter.Failure) in try PhotoImporter.importFolder(source, into: output, mode: .force) }
        guard case .failure(let failure) = result else {
            Issue.record("the photo was written through a link out of the dataset")
            return
        }
        #expect(failure.description.contains("leads outside the dataset folder"), "\(failure)")
        #expect(try Self.contents(of: outside).isEmpty)
    }
}
