import BoundedJSON
import FoundationEssentials
import PanoCore
import StreetModel

/// Writes a manifest in the format `ManifestDecoder` reads, with keys sorted, so the same
/// dataset always gives the same bytes.
package enum ManifestEncoder {
    /// The manifest's JSON. `importedFrom` records the folder of photos `sidewalk import` read.
    package static func encode(
        name: String?, start: String?, panoramas: [Panorama], markers: [Marker],
        importedFrom: String? = nil
    ) throws(DatasetError) -> Data {
        var root = JSONObject([("format", "sidewalk-dataset"), ("version", 1)])
        root["importedFrom"] = importedFrom.map(JSONValue.string)
        root["name"] = name.map(JSONValue.string)
        root["start"] = start.map(JSONValue.string)
        root["panoramas"] = .array(panoramas.map(entry))
        root["markers"] = .array(markers.map(entry))
        return try serialize(.object(root))
    }

    /// One marker as the manifest holds it.
    static func entry(_ marker: Marker) -> JSONValue {
        var entry = JSONObject([
            ("id", .string(marker.id)), ("lat", .number(marker.coordinate.latitude)), ("lng", .number(marker.coordinate.longitude)),
            ("height", .number(marker.height)), ("title", .string(marker.title))
        ])
        entry["snippet"] = marker.snippet.map(JSONValue.string)
        return .object(entry)
    }

    /// One panorama as the manifest holds it. A link that knows where its target stands gives
    /// it (`lat`, `lng`), as a sharded dataset's links to other shards must.
    static func entry(_ panorama: Panorama) -> JSONValue {
        var entry = JSONObject([
            ("id", .string(panorama.id)), ("image", .string(panorama.imagePath)), ("lat", .number(panorama.coordinate.latitude)),
            ("lng", .number(panorama.coordinate.longitude)), ("centerHeading", .number(panorama.centerHeading)),
            ("source", .string(panorama.source.rawValue)), ("links", .array(panorama.links.map(Self.entry)))
        ])
        entry["building"] = panorama.building.map(JSONValue.string)
        entry["level"] = panorama.level.map { .number(Double($0)) }
        entry["date"] = panorama.captureDate.map(JSONValue.string)
        entry["description"] = panorama.description.map(JSONValue.string)
        entry["copyright"] = panorama.copyright.map(JSONValue.string)
        entry["pose"] = panorama.tilt.map { ["pitch": .number($0.pitch), "roll": .number($0.roll)] }
        if let view = panorama.initialView {
            var fields = JSONObject()
            fields["heading"] = view.orientation.map { .number($0.heading) }
            fields["pitch"] = view.orientation.map { .number($0.pitch) }
            fields["fov"] = view.fieldOfView.map(JSONValue.number)
            fields["roll"] = view.roll.map(JSONValue.number)
            entry["initialView"] = .object(fields)
        }
        if let crop = panorama.crop {
            entry["crop"] = [
                "fullWidth": .number(Double(crop.fullWidth)), "fullHeight": .number(Double(crop.fullHeight)),
                "left": .number(Double(crop.left)), "top": .number(Double(crop.top))
            ]
        }
        entry["tiles"] = panorama.tiles.map(Self.entry)
        return .object(entry)
    }

    /// A link: rounded to 0.01°, then wrapped (359.996 rounds to 360, which is 0).
    private static func entry(_ link: Link) -> JSONValue {
        var item = JSONObject([
            ("target", .string(link.target)), ("heading", .number(Degrees.wrap360((link.heading * 100).rounded() / 100)))
        ])
        item["description"] = link.description.map(JSONValue.string)
        item["lat"] = link.targetCoordinate.map { .number($0.latitude) }
        item["lng"] = link.targetCoordinate.map { .number($0.longitude) }
        return .object(item)
    }

    /// A tile pyramid: its template, size and one matrix a level.
    private static func entry(_ tiles: PanoramaTiles) -> JSONValue {
        let grid = tiles.grid
        let matrices = (0..<grid.levelCount).map { level -> JSONValue in
            let (columns, rows) = grid.matrix(level: level)
            return [
                "level": .number(Double(level)), "tileWidth": .number(Double(grid.tileSize)), "tileHeight": .number(Double(grid.tileSize)),
                "matrixWidth": .number(Double(columns)), "matrixHeight": .number(Double(rows))
            ]
        }
        return [
            "href": .string(tiles.template), "width": .number(Double(grid.width)), "height": .number(Double(grid.height)),
            "tileMatrix": .array(matrices)
        ]
    }

    /// `root` as JSON, laid out with sorted keys as `JSONWriter.pretty` writes it. A number JSON
    /// cannot hold (NaN, infinity) is refused, named by its path.
    static func serialize(_ root: JSONValue) throws(DatasetError) -> Data {
        if let path = root.nonFinitePath { throw .notEncodable(detail: "\(path) is not a finite number") }
        return Data(JSONWriter.text(root, layout: .pretty, sortedKeys: true).utf8)
    }
}
