import Testing
import VectorTiles

/// TileJSON as the specification gives it (mapbox/tilejson-spec, 3.0.0/README.md: its example
/// and its defaults) and as tile servers write it.
@Suite("TileJSON")
struct TileJSONTests {
    /// The specification's own example, its fields as the README lists them.
    static let specExample = #"""
        {
            "tilejson": "3.0.0",
            "name": "compositing",
            "description": "A simple, light grey world.",
            "version": "1.0.0",
            "attribution": "<a href='http://openstreetmap.org'>OSM contributors</a>",
            "template": "{{#__location__}}{{/__location__}}{{#__teaser__}}{{/__teaser__}}{{#__full__}}{{/__full__}}",
            "legend": "Dangerous zones are red, safe zones are green",
            "scheme": "xyz",
            "tiles": [
                "http://localhost:8888/admin/1.0.0/world-light,broadband/{z}/{x}/{y}.png"
            ],
            "grids": [
                "http://localhost:8888/admin/1.0.0/broadband/{z}/{x}/{y}.grid.json"
            ],
            "data": [
                "http://localhost:8888/admin/data.geojson"
            ],
            "minzoom": 0,
            "maxzoom": 11,
            "bounds": [ -180, -85.05112877980659, 180, 85.0511287798066 ],
            "center": [ -76.275329586789, 39.153492567373, 8 ]
        }
        """#

    static func parse(_ text: String, at address: String = "https://tiles.example.org/streets.json") throws -> TileJSON {
        try TileJSON.parse(Array(text.utf8), address: address)
    }

    @Test("the specification's example: its first tiles URL, zooms 0...11, the attribution as plain text, rows from the north")
    func specificationExample() throws {
        let description = try Self.parse(Self.specExample)
        #expect(description.template == "http://localhost:8888/admin/1.0.0/world-light,broadband/{z}/{x}/{y}.png")
        #expect(description.zooms == 0...11 && description.attribution == "OSM contributors" && !description.fromSouth)
        #expect(description.address(of: TileID(z: 3, x: 4, y: 2)) == "http://localhost:8888/admin/1.0.0/world-light,broadband/3/4/2.png")
    }

    @Test("defaults (zooms 0...30, xyz); tms rows count from the south; templates relative to the description")
    func defaultsAndSchemes() throws {
        let plain = try Self.parse(#"{"tiles": ["https://a.example/{z}/{x}/{y}.pbf"]}"#)
        #expect(plain.zooms == 0...30 && plain.attribution == nil)
        let tms = try Self.parse(#"{"tiles": ["https://a.example/{z}/{x}/{y}.pbf"], "scheme": "tms"}"#)
        // At zoom 3 there are 8 rows: row 2 from the north is row 5 from the south.
        #expect(tms.address(of: TileID(z: 3, x: 4, y: 2)) == "https://a.example/3/4/5.pbf")
        #expect(try Self.parse(#"{"tiles": ["t/{z}/{x}/{y}.pbf"]}"#).template == "https://tiles.example.org/t/{z}/{x}/{y}.pbf")
        #expect(
            try Self.parse(#"{"tiles": ["/v/{z}/{x}/{y}"]}"#, at: "http://h:8080/a/b.json?k=1").template == "http://h:8080/v/{z}/{x}/{y}")
        #expect(try Self.parse(#"{"tiles": ["t/{z}/{x}/{y}"]}"#, at: "http://h").template == "http://h/t/{z}/{x}/{y}")
    }

    @Test("what a hostile or broken description holds is one line, never a crash")
    func refusals() {
        let cases = [
            ("not json", "not a TileJSON description"),
            (#"{"tiles": []}"#, "TileJSON's tiles must list an http(s) URL with {z}, {x} and {y}"),
            (#"{"tiles": ["file:///etc/{z}/{x}/{y}"]}"#, "TileJSON's tiles must list an http(s) URL with {z}, {x} and {y}"),
            (#"{"tiles": ["https://a/{z}/{x}.pbf"]}"#, "TileJSON's tiles must list an http(s) URL with {z}, {x} and {y}"),
            (#"{"tiles": ["https://a/{z}/{x}/{y}"], "maxzoom": 1e300}"#, "TileJSON's minzoom and maxzoom must be 0...30, the least first"),
            (
                #"{"tiles": ["https://a/{z}/{x}/{y}"], "minzoom": 9, "maxzoom": 3}"#,
                "TileJSON's minzoom and maxzoom must be 0...30, the least first"
            ),
            (#"{"tiles": ["https://a/{z}/{x}/{y}"], "minzoom": 2.5}"#, "TileJSON's minzoom and maxzoom must be 0...30, the least first"),
            (#"{"tiles": ["https://a/{z}/{x}/{y}"], "scheme": "wmts"}"#, "TileJSON's scheme must be xyz or tms, not wmts")
        ]
        for (text, saying) in cases {
            #expect(throws: PMTilesArchive.Failure(description: "https://tiles.example.org/streets.json: \(saying)")) {
                try Self.parse(text)
            }
        }
    }
}
