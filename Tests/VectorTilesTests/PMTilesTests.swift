import Foundation
import PanoCore
import StreetMap
import TestSupport
import Testing
import VectorTiles

/// PMTiles archives and vector tiles, checked against what the reference implementations
/// (protomaps' `pmtiles` and mapbox-vector-tile, from PyPI) say of the same files.
@Suite("PMTiles and vector tiles")
struct PMTilesTests {
    static let demoBasemap = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo/basemap.pmtiles").path

    @Test(
        "tile ids along the Hilbert curve, as pmtiles' zxy_to_tileid gives them",
        arguments: [
            (0, 0, 0, 0), (1, 0, 0, 1), (1, 1, 0, 4), (1, 1, 1, 3), (1, 0, 1, 2), (2, 3, 1, 17), (12, 2145, 1438, 19_845_804),
            (17, 68162, 46095, 20_320_617_902), (18, 136_325, 92190, 81_282_471_612)
        ] as [(Int, Int, Int, UInt64)])
    func hilbert(z: Int, x: Int, y: Int, id: UInt64) {
        #expect(TileID(z: z, x: x, y: y).hilbertID == id)
    }

    @Test("the demo town's basemap: a tile read and decoded as mapbox-vector-tile decodes it, placed on Main Street")
    func demoTile() throws {
        let archive = try Self.archive(Self.demoBasemap)
        // The credit the pmtiles writer put in the metadata (scripts/reference/make_demo_basemap.py).
        #expect(try LocalTiles.pmtiles(path: Self.demoBasemap).attribution == "Sidewalk demo town (CC0)")
        #expect(archive.zooms == 14...18)
        let id = TileID(z: 17, x: 68246, y: 46132)
        let tile = try VectorTile.decode(try #require(archive.tile(id)))
        let names = try #require(tile.layer("transportation_name"))
        #expect(names.extent == 4096)
        let main = try #require(names.features.first { $0.properties["name"] == "Main Street" })
        // mapbox_vector_tile.decode(…, y_coord_down=True) of the same tile: [[1897, 3412], [2133, 3412]].
        #expect(main.kind == .line && main.geometry.first?.prefix(2) == [.init(x: 1897, y: 3412), .init(x: 2133, y: 3412)])
        // That point is the panorama main-0, at 46.94119999728086, 7.444509676513945 (the manifest).
        let place = try #require(id.coordinate(x: 1897.0 / 4096, y: 3412.0 / 4096))
        #expect(place.distance(to: Coordinate(latitude: 46.94119999728086, longitude: 7.444509676513945)!) < 0.2)
    }

    /// The archive at `path`, read with plain file reads.
    static func archive(_ path: String) throws -> PMTilesArchive {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return try PMTilesArchive { offset, length in
            offset >= 0 && length >= 0 && offset + length <= bytes.count ? Array(bytes[offset..<(offset + length)]) : nil
        }
    }
}
