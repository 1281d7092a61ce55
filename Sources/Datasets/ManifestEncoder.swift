import Foundation
import PanoCore
import StreetModel

/// Writes a manifest in the format `ManifestDecoder` reads, with keys sorted, so the same
/// dataset always gives the same bytes.
public enum ManifestEncoder {
    /// The manifest's JSON. `importedFrom` records the folder of photos `sidewalk import` read.
    public static func encode(
        name: String?, start: String?, panoramas: [Panorama], markers: [Marker],
        importedFrom: String? = nil
    ) throws(DatasetError) -> Data {
        var root: [String: Any] = ["format": "sidewalk-dataset", "version": 1]
        root["importedFrom"] = importedFrom
        root["name"] = name
        root["start"] = start
        root["panoramas"] = panoramas.map(entry)
        root["markers"] = markers.map(entry)
        return try serialize(root)
    }

    /// One marker as the manifest holds it.
    static func entry(_ marker: Marker) -> [String: Any] {
        var entry: [String: Any] = [
            "id": marker.id, "lat": marker.coordinate.latitude, "lng": marker.coordinate.longitude,
            "height": marker.height, "title": marker.title
        ]
        entry["snippet"] = marker.snippet
        return entry
    }

    /// One panorama as the manifest holds it. A link that knows where its target stands gives
    /// it (`lat`, `lng`), as a sharded dataset's links to other shards must.
    static func entry(_ panorama: Panorama) -> [String: Any] {
        var entry: [String: Any] = [
            "id": panorama.id, "image": panorama.imagePath, "lat": panorama.coordinate.latitude,
            "lng": panorama.coordinate.longitude, "centerHeading": panorama.centerHeading, "source": panorama.source.rawValue,
            "links": panorama.links.map { link -> [String: Any] in
                // Rounded to 0.01°, then wrapped: 359.996 rounds to 360, which is 0.
                var item: [String: Any] = ["target": link.target, "heading": Degrees.wrap360((link.heading * 100).rounded() / 100)]
                item["description"] = link.description
                item["lat"] = link.targetCoordinate?.latitude
                item["lng"] = link.targetCoordinate?.longitude
                return item
            }
        ]
        entry["building"] = panorama.building
        entry["level"] = panorama.level
        entry["date"] = panorama.captureDate
        entry["description"] = panorama.description
        entry["copyright"] = panorama.copyright
        if let tilt = panorama.tilt {
            entry["pose"] = ["pitch": tilt.pitch, "roll": tilt.roll]
        }
        if let view = panorama.initialView {
            var fields: [String: Any] = [:]
            fields["heading"] = view.orientation?.heading
            fields["pitch"] = view.orientation?.pitch
            fields["fov"] = view.fieldOfView
            entry["initialView"] = fields
        }
        if let crop = panorama.crop {
            entry["crop"] = ["fullWidth": crop.fullWidth, "fullHeight": crop.fullHeight, "left": crop.left, "top": crop.top]
        }
        if let tiles = panorama.tiles {
            let grid = tiles.grid
            entry["tiles"] =
                [
                    "href": tiles.template, "width": grid.width, "height": grid.height,
                    "tileMatrix": (0..<grid.levelCount).map { level -> [String: Any] in
                        let (columns, rows) = grid.matrix(level: level)
                        return [
                            "level": level, "tileWidth": grid.tileSize, "tileHeight": grid.tileSize,
                            "matrixWidth": columns, "matrixHeight": rows
                        ]
                    }
                ] as [String: Any]
        }
        return entry
    }

    /// `root` as JSON, pretty-printed with sorted keys and slashes as they are.
    static func serialize(_ root: Any) throws(DatasetError) -> Data {
        do {
            return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            // Only a number JSON cannot hold (NaN, infinity) gets here.
            throw .notEncodable(detail: error.localizedDescription)
        }
    }
}
