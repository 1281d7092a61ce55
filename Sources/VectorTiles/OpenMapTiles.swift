import PanoCore
import StreetMap

/// The two open schemas of OpenStreetMap vector tiles read into map features: OpenMapTiles
/// (openmaptiles.org/schema: `transportation` by `class`, `water`, `building`, `park` …), which
/// tilemaker and OpenFreeMap write, and Protomaps' basemap schema (docs.protomaps.com, "Basemap
/// layers": `roads` by `kind`, `water`, `buildings`, `landuse`), which the Protomaps daily builds
/// that `pmtiles extract` cuts from are in.
package enum OpenMapTiles {
    /// A tile's features, placed on the earth.
    package static func features(of tile: VectorTile, at id: TileID) -> [MapFeature] {
        var features: [MapFeature] = []
        for layer in tile.layers {
            for feature in layer.features where feature.kind != .point {
                guard let kind = kind(layer: layer.name, class: feature.properties["class"] ?? feature.properties["kind"]) else { continue }
                let lines = feature.geometry.map { part in
                    part.compactMap { id.coordinate(x: Double($0.x) / Double(layer.extent), y: Double($0.y) / Double(layer.extent)) }
                }
                features.append(MapFeature(kind: kind, name: feature.properties["name"], lines: lines))
            }
        }
        return features
    }

    /// What a feature of `layer` with `class` is drawn as; nil for what the map leaves out.
    static func kind(layer: String, class kind: String?) -> MapFeature.Kind? {
        switch layer {
        case "transportation", "transportation_name":
            switch kind {
            case "path", "track", "footway", "cycleway", "pedestrian": .path
            case "rail", "transit": .rail
            default: .road
            }
        case "roads":
            switch kind {
            case "path": .path
            case "rail": .rail
            default: .road
            }
        case "water", "waterway": .water
        case "building", "buildings": .building
        case "park": .park
        case "landuse": kind == "park" || kind == "forest" || kind == "grass" ? .park : nil
        default: nil
        }
    }
}
