import Datasets
import Foundation
import PanoCore
import PanoImage
import StreetModel
import TestSupport
import Testing

/// `sidewalk tile`'s work: pyramids on disk, resumable and byte-for-byte repeatable, and the
/// manifest's `tiles` entry read back strictly.
@Suite("Tiled datasets")
struct TilingTests {
    /// A 1500×750 panorama (three levels: 375, 750 and 1500 wide; the finest is 3×2 tiles).
    static func writeImage(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("wide.png").path
        try PNGEncoder.write(SyntheticPanorama.gradient(width: 1500, height: 750), to: path)
        return path
    }

    private func files(under folder: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        for case let path as String in enumerator where path.hasSuffix(".jpg") {
            contents[path] = try Data(contentsOf: folder.appendingPathComponent(path))
        }
        return contents
    }

    @Test("an image becomes a one-panorama dataset whose tiles load at their grid sizes")
    func tileAnImage() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let output = fixture.folder.appendingPathComponent("tiled")
        let report = try DatasetTiler.tile(image: try Self.writeImage(in: fixture.folder), into: output)
        #expect(report.tilesWritten == 1 + 2 + 6 && report.tilesKept == 0)
        let dataset = try Dataset.open(output.path)
        let panorama = try #require(dataset.service.panoramas.first)
        let tiles = try #require(panorama.tiles)
        #expect(tiles.grid.levelSizes.map(\.width) == [375, 750, 1500])
        #expect(panorama.imagePath == tiles.path(of: .init(level: 0, row: 0, column: 0)))
        #expect(try dataset.load(panorama).pyramid.levels[0].width == 375)
        let corner = try dataset.loadTile(.init(level: 2, row: 1, column: 2), of: panorama)
        #expect(corner.width == 1500 - 1024 && corner.height == 750 - 512)
        #expect(throws: PanoramaError.self) { try dataset.loadTile(.init(level: 2, row: 2, column: 0), of: panorama) }
    }

    @Test("a second run writes nothing and a run after a lost tile writes that tile again, with the same bytes")
    func resumableAndRepeatable() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let image = try Self.writeImage(in: fixture.folder)
        let output = fixture.folder.appendingPathComponent("tiled")
        _ = try DatasetTiler.tile(image: image, into: output)
        let first = try files(under: output)
        #expect(try DatasetTiler.tile(image: image, into: output).tilesWritten == 0)
        let lost = try #require(first.keys.sorted().last)
        try FileManager.default.removeItem(at: output.appendingPathComponent(lost))
        let again = try DatasetTiler.tile(image: image, into: output)
        #expect(again.tilesWritten == 1 && again.tilesKept == 1 + 2 + 6 - 1)
        #expect(try files(under: output) == first)
        // From scratch too: the same bytes.
        try FileManager.default.removeItem(at: output)
        _ = try DatasetTiler.tile(image: image, into: output)
        #expect(try files(under: output) == first)
    }

    @Test("a dataset tiled in place keeps its markers and start, tiles full spheres and leaves a cropped one plain")
    func tileADatasetInPlace() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        var panoramas = try #require(manifest["panoramas"] as? [[String: Any]])
        try PNGEncoder.write(
            SyntheticPanorama.gradient(width: 64, height: 16), to: fixture.folder.appendingPathComponent("images/c.png").path)
        panoramas[2]["crop"] = ["fullWidth": 64, "fullHeight": 32, "left": 0, "top": 8]
        manifest["panoramas"] = panoramas
        let path = try fixture.write(manifest)
        let report = try DatasetTiler.tile(dataset: path, into: fixture.folder)
        #expect(report.panoramas == 3 && report.tiled == 2)
        let dataset = try Dataset.open(path)
        #expect(dataset.startID == "b" && dataset.service.markers.count == 1)
        #expect(dataset.service.panoramas.map { $0.tiles != nil } == [true, true, false])
        #expect(dataset.service.panorama(id: "c")?.imagePath == "images/c.png")
        #expect(dataset.service.panorama(id: "b")?.links.count == 2)
    }

    @Test("a tilted panorama's tiles are cut from the levelled sphere, and it keeps no pose; an import tiled in place stays the import's")
    func tiltedAndImported() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        var panoramas = try #require(manifest["panoramas"] as? [[String: Any]])
        let image = SyntheticPanorama.gradient(width: 256, height: 128)
        try PNGEncoder.write(image, to: fixture.folder.appendingPathComponent("images/a.png").path)
        panoramas[0]["pose"] = ["pitch": 20, "roll": 10]
        manifest["panoramas"] = panoramas
        manifest["importedFrom"] = "/photos"
        let path = try fixture.write(manifest)
        _ = try DatasetTiler.tile(dataset: path, into: fixture.folder)
        let dataset = try Dataset.open(path)
        let panorama = try #require(dataset.service.panorama(id: "a"))
        #expect(panorama.tiles != nil && panorama.tilt == nil)
        let tile = try dataset.loadTile(.init(level: 0, row: 0, column: 0), of: panorama)
        func difference(_ a: RGBImage, _ b: RGBImage) -> Double {
            Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
        }
        let levelled = EquirectLevelling.level(image, tilt: CameraTilt(pitch: 20, roll: 10))
        #expect(difference(tile, levelled) < 3, "JPEG's loss only")
        #expect(difference(tile, image) > 3 * difference(tile, levelled))
        #expect(
            try String(contentsOf: fixture.folder.appendingPathComponent("manifest.json"), encoding: .utf8).contains(
                "\"importedFrom\" : \"/photos\""))
    }

    /// A valid tiles entry for a 1024×512 panorama, to break.
    static func tilesEntry() -> [String: Any] {
        [
            "href": "t/{level}/{row}/{col}.jpg", "width": 1024, "height": 512,
            "tileMatrix": [
                ["level": 0, "tileWidth": 512, "tileHeight": 512, "matrixWidth": 1, "matrixHeight": 1],
                ["level": 1, "tileWidth": 512, "tileHeight": 512, "matrixWidth": 2, "matrixHeight": 1]
            ]
        ]
    }

    @Test(
        "the manifest's tiles entry is checked against the grid it describes",
        arguments: [
            ("", "$.panoramas[0].tiles.href"),
            ("no placeholder", "$.panoramas[0].tiles.href"),
            ("leaves the folder", "$.panoramas[0].tiles.href"),
            ("wrong matrix", "$.panoramas[0].tiles.tileMatrix[1].matrixWidth"),
            ("too few levels", "$.panoramas[0].tiles.tileMatrix"),
            ("not 2:1", "$.panoramas[0].tiles"),
            ("with a crop", "$.panoramas[0].tiles")
        ])
    func brokenTiles(breakage: String, path: String) throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        var panoramas = try #require(manifest["panoramas"] as? [[String: Any]])
        var tiles = Self.tilesEntry()
        var matrices = try #require(tiles["tileMatrix"] as? [[String: Any]])
        switch breakage {
        case "no placeholder": tiles["href"] = "t/{level}/{row}.jpg"
        case "leaves the folder": tiles["href"] = "../t/{level}/{row}/{col}.jpg"
        case "wrong matrix": matrices[1]["matrixWidth"] = 3
        case "too few levels": matrices.removeLast()
        case "not 2:1": tiles["height"] = 500
        case "with a crop": panoramas[0]["crop"] = ["fullWidth": 64, "fullHeight": 32, "left": 0, "top": 0]
        default: break
        }
        tiles["tileMatrix"] = matrices
        panoramas[0]["tiles"] = tiles
        manifest["panoramas"] = panoramas
        let folder = try fixture.write(manifest)
        guard !breakage.isEmpty else {
            let dataset = try Dataset.open(folder)
            #expect(dataset.service.panoramas[0].tiles?.grid.levelCount == 2)
            return
        }
        let result = Result { () throws(DatasetError) in try Dataset.open(folder) }
        guard case .failure(.invalid(_, let problems)) = result else {
            Issue.record("\(breakage): not reported as invalid")
            return
        }
        #expect(problems.map(\.path).contains(path), "\(breakage): \(problems)")
    }
}
