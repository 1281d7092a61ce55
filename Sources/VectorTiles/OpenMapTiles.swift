import PanoCore
import StreetMap

/// The two open schemas of OpenStreetMap vector tiles read into map features: OpenMapTiles
/// (openmaptiles.org/schema: `transportation` by `class`, `water`, `building`, `park` …), which
/// tilemaker and OpenFreeMap write, and Protomaps' basemap schema (docs.protomaps.com, "Basemap
/// layers": `roads` by `kind`, `water`, `buildings`, `landuse`), which the Protomaps daily builds
/// that `pmtiles extract` cuts from are in. Their named points of interest (OpenMapTiles' `poi`,
/// Protomaps' `pois`) and house numbers (OpenMapTiles' `housenumber`, Protomaps' address points
/// in `buildings`) are read as places and addresses (`PlacesAround`).
package enum OpenMapTiles {
    /// A tile's features, placed on the earth.
    package static func features(of tile: VectorTile, at id: TileID) -> [MapFeature] {
        var features: [MapFeature] = []
        for layer in tile.layers {
            for feature in layer.features where feature.kind == .point {
                guard let point = pointFeature(feature, layer: layer.name) else { continue }
                for part in feature.geometry {
                    for spot in part.prefix(1) {
                        guard let at = id.coordinate(x: Double(spot.x) / Double(layer.extent), y: Double(spot.y) / Double(layer.extent))
                        else { continue }
                        features.append(
                            MapFeature(kind: point.kind, name: point.name, lines: [[at]], category: point.category, rank: point.rank))
                    }
                }
            }
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

    /// A point of `layer` as a place (named, with what it is and how notable) or an address (its
    /// house number as the name); nil for other points, and for a place with no name.
    static func pointFeature(_ feature: VectorTile.Feature, layer: String) -> (
        kind: MapFeature.Kind, name: String, category: String?, rank: Int?
    )? {
        let properties = feature.properties
        switch layer {
        case "poi", "pois":
            guard let name = properties["name"], !name.isEmpty else { return nil }
            // OpenMapTiles: `subclass` is the OSM tag's value ("bakery"), `class` its group;
            // Protomaps: `kind`. The rank: OpenMapTiles' `rank`, else Protomaps' `min_zoom`.
            let category = (properties["subclass"] ?? properties["class"] ?? properties["kind"]).map(words)
            let rank = (properties["rank"] ?? properties["min_zoom"]).flatMap { Double($0) }.flatMap(clampedRank)
            return (.place, name, category, rank)
        case "housenumber":
            guard let number = properties["housenumber"], !number.isEmpty else { return nil }
            return (.address, number, nil, nil)
        case "buildings":
            guard properties["kind"] == "address", let number = properties["addr_housenumber"], !number.isEmpty else { return nil }
            return (.address, number, nil, nil)
        default: return nil
        }
    }

    /// A tag's value in words: "fast_food" is "fast food".
    static func words(_ value: String) -> String {
        String(value.map { $0 == "_" ? " " : $0 })
    }

    /// A rank from a tile (any number) within 1...100; nil when it is not a finite number.
    static func clampedRank(_ value: Double) -> Int? {
        value.isFinite ? Int(min(max(value, 1), 100).rounded()) : nil
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
