import Foundation
import PanoCore
import StreetMap
import TestSupport
import Testing

@testable import VectorTiles

/// Places and house numbers read from tiles the reference encoder made (mapbox-vector-tile and
/// pmtiles, scripts/reference/make_places_basemap.py) in OpenMapTiles' schema, and from
/// Protomaps' schema as its documentation describes it (docs.protomaps.com, "Basemap layers").
@Suite("Places in vector tiles")
struct PlacesTileTests {
    static let archive = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Tests/EndToEndTests/Support/places.pmtiles")
        .path
    static let a0 = Coordinate(latitude: 46.9412, longitude: 7.444509676513945)!

    @Test("OpenMapTiles' poi and housenumber layers: each name, subclass in words, rank, and place within a metre of where it was put")
    func openMapTiles() throws {
        let map = try LocalTiles.pmtiles(path: Self.archive)
        let features = map.features(near: Self.a0, within: 600, metresPerDot: PlacesAround.metresPerDot(latitude: 46.94))
        let places = features.filter { $0.kind == .place }
        let bakery = try #require(places.first { $0.name == "Boulangerie Dupont" })
        #expect(bakery.category == "bakery" && bakery.rank == 25)
        #expect(try #require(bakery.point).distance(to: Self.a0.offset(by: 20, bearing: 30)) < 1)
        #expect(places.first { $0.name == "Mercière" }?.category == "bus stop")
        // Names are kept as the map has them: they are sanitised on their way to a terminal.
        #expect(places.contains { $0.name == "Evil\u{1B}]0;pwned\u{07} Shop\u{1B}[2J" })
        let twelve = try #require(features.first { $0.kind == .address && $0.name == "12" })
        #expect(try #require(twelve.point).distance(to: Self.a0.offset(by: 4, bearing: 180)) < 1)
        #expect(PlacesAround.address(at: Self.a0, in: features) == "12 Rue Mercière")
    }

    @Test("Protomaps' pois (kind, min_zoom as the rank) and the address points of its buildings layer")
    func protomaps() {
        let point = [[VectorTile.TilePoint(x: 2048, y: 2048)]]
        let tile = VectorTile(layers: [
            VectorTile.Layer(
                name: "pois", extent: 4096,
                features: [
                    .init(kind: .point, properties: ["name": "Café", "kind": "cafe", "min_zoom": "16"], geometry: point),
                    .init(kind: .point, properties: ["kind": "bench"], geometry: point)
                ]),
            VectorTile.Layer(
                name: "buildings", extent: 4096,
                features: [.init(kind: .point, properties: ["kind": "address", "addr_housenumber": "7"], geometry: point)])
        ])
        let features = OpenMapTiles.features(of: tile, at: TileID(z: 15, x: 17061, y: 11533))
        #expect(features.map(\.kind) == [.place, .address])
        #expect(features[0].name == "Café" && features[0].category == "cafe" && features[0].rank == 16)
        #expect(features[1].name == "7")
    }

    @Test("a rank from outside is clamped to 1...100, and not a number is none")
    func ranks() {
        #expect(OpenMapTiles.clampedRank(-5) == 1 && OpenMapTiles.clampedRank(1e300) == 100 && OpenMapTiles.clampedRank(.nan) == nil)
    }
}
