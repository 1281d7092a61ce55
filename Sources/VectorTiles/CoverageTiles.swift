import PanoCore
import StreetMap

/// Where a street-level imagery service has imagery, from its coverage vector tiles (Panoramax's
/// `/api/map/{z}/{x}/{y}.mvt`, Mapillary's `mly1_public`; fetched by `FetchedTiles`; docs/maps.md),
/// drawn over the basemap as `coverage`.
package enum CoverageTiles {
    /// The layer of sequences, as lines: Panoramax's `sequences`, Mapillary's `sequence`.
    static let sequenceLayers = ["sequences", "sequence"]

    /// The lines of a tile's sequence layer; none when it has no such layer. A sequence the tile
    /// says is not of 360° pictures (Mapillary's `is_pano` false) is left out: the coverage shows
    /// where there is imagery to walk.
    package static func features(of tile: VectorTile, at id: TileID) -> [MapFeature] {
        guard let sequences = sequenceLayers.lazy.compactMap({ tile.layer($0) }).first else { return [] }
        let extent = Double(sequences.extent)
        return sequences.features.filter { $0.kind == .line && $0.properties["is_pano"] != "false" }.map { feature in
            MapFeature(
                kind: .coverage,
                lines: feature.geometry.map { part in
                    part.compactMap { id.coordinate(x: Double($0.x) / extent, y: Double($0.y) / extent) }
                })
        }
    }
}
