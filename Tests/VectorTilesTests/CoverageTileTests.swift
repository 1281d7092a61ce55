import Foundation
import PanoCore
import StreetMap
import TestSupport
import Testing
import VectorTiles

/// Coverage tiles as the services write them, made by the reference encoder (mapbox-vector-tile,
/// scripts/reference/make_*_fixture.py and make_mapillary_tile.py) and read back here.
@Suite("Coverage tiles")
struct CoverageTileTests {
    static let support = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Tests/EndToEndTests/Support")

    @Test("Mapillary's mly1_public tile: its sequence lines where 360° imagery is, the perspective sequence left out")
    func mapillary() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.support.appendingPathComponent("mapillary-14.mvt")))
        let tile = try VectorTile.decode(bytes)
        // As mapbox_vector_tile.decode(..., y_coord_down=True) gives them: seq-main's first two points.
        let sequence = try #require(tile.layer("sequence"))
        #expect(sequence.features.count == 4 && sequence.extent == 4096)
        #expect(sequence.features[0].geometry[0].prefix(2).map { [$0.x, $0.y] } == [[3309, 2475], [3339, 2475]])
        #expect(sequence.features.map { $0.properties["is_pano"] } == ["true", "true", "false", "true"])
        #expect(tile.layer("image")?.features.count == 14)
        let lines = CoverageTiles.features(of: tile, at: TileID(z: 14, x: 8530, y: 5766))
        #expect(lines.count == 3)
        // seq-main starts where the fixture's image 1001 stands, within a tile pixel (about 0.6 m).
        let first = try #require(lines.first?.lines.first?.first)
        #expect(first.distance(to: Coordinate(latitude: 46.9412, longitude: 7.444509676513945)!) < 1.5)
    }

    @Test("Panoramax's tile: its sequences layer, every line")
    func panoramax() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.support.appendingPathComponent("coverage-15.mvt")))
        let lines = CoverageTiles.features(of: try VectorTile.decode(bytes), at: TileID(z: 15, x: 17061, y: 11533))
        #expect(lines.count == 3)
    }
}
