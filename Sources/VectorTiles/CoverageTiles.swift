import PanoCore
import StreetMap

/// Where a street-level imagery service has imagery, from its coverage vector tiles (Panoramax's
/// `/api/map/{z}/{x}/{y}.mvt`, fetched by `FetchedTiles`; docs/maps.md), drawn over the basemap
/// as `coverage`.
package enum CoverageTiles {
    /// The lines of a tile's `sequences` layer; none when it has no such layer.
    package static func features(of tile: VectorTile, at id: TileID) -> [MapFeature] {
        guard let sequences = tile.layer("sequences") else { return [] }
        let extent = Double(sequences.extent)
        return sequences.features.filter { $0.kind == .line }.map { feature in
            MapFeature(
                kind: .coverage,
                lines: feature.geometry.map { part in
                    part.compactMap { id.coordinate(x: Double($0.x) / extent, y: Double($0.y) / extent) }
                })
        }
    }
}
