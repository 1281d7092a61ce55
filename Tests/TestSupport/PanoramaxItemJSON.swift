/// A Panoramax STAC item as GeoVisio serves `GET /api/pictures/{id}` (its API tests and the web
/// viewer's "Compatibility with STAC API" page list the fields): for the decoder's tests and the
/// fuzz target's seeds.
package enum PanoramaxItemJSON {
    /// A 360° picture with its ways (prev, next, related), credit, assets and tiles.
    package static let geovisio = """
        {"type": "Feature", "stac_version": "1.0.0", "id": "pic-2", "collection": "seq-1",
         "geometry": {"type": "Point", "coordinates": [2.3499, 48.8530]},
         "providers": [{"name": "Default account", "roles": ["producer"]}],
         "properties": {"datetime": "2021-07-29T09:16:54+00:00", "datetimetz": "2021-07-29T11:16:54+02:00", "view:azimuth": 123.5,
           "pers:interior_orientation": {"camera_manufacturer": "GoPro", "camera_model": "Max", "field_of_view": 360,
                                         "sensor_array_dimensions": [5760, 2880]},
           "license": "CC-BY-SA-4.0", "geovisio:producer": "Adrien",
           "tiles:tile_matrix_sets": {"geovisio": {"type": "TileMatrixSetType", "tileMatrix": [
             {"identifier": "0", "tileWidth": 720, "tileHeight": 720, "matrixWidth": 8, "matrixHeight": 4}]}}},
         "assets": {"hd": {"href": "https://example.org/api/pictures/pic-2/hd.jpg", "roles": ["data"]},
                    "sd": {"href": "https://example.org/api/pictures/pic-2/sd.jpg", "roles": ["visual"]},
                    "thumb": {"href": "https://example.org/api/pictures/pic-2/thumb.jpg", "roles": ["thumbnail"]}},
         "asset_templates": {"tiles": {"href": "https://example.org/api/pictures/pic-2/tiled/{TileCol}_{TileRow}.jpg"}},
         "links": [{"rel": "root", "href": "https://example.org/api/"},
                   {"rel": "license", "href": "https://spdx.org/licenses/CC-BY-SA-4.0.html"},
                   {"rel": "prev", "id": "pic-1", "geometry": {"type": "Point", "coordinates": [2.3499, 48.8529]}},
                   {"rel": "next", "id": "pic-3", "geometry": {"type": "Point", "coordinates": [2.3500, 48.8530]}},
                   {"rel": "related", "id": "other-1", "geometry": {"type": "Point", "coordinates": [2.3499, 48.8531]},
                    "datetime": "2019-05-01T10:00:00Z"}]}
        """
}
