import Foundation
import PanoCore
import TestSupport
import Testing
import VectorTiles

/// Basemaps on the web (docs/maps.md): a PMTiles archive read by byte ranges from a static
/// host, and a `{z}/{x}/{y}` URL of tiles, each drawn as the same archive on disk draws it.
@Suite("Basemaps on the web")
struct WebBasemapTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path
    static let archive = demo + "/basemap.pmtiles"

    /// A folder of its own holding a copy of the demo town's basemap.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-web-basemap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: archive, toPath: folder.appendingPathComponent("streets.pmtiles").path)
        return folder
    }

    /// `snapshot --map` of the demo town as text, with `more` options; its status and standard error.
    static func map(_ more: [String], cache: URL) throws -> (status: Int32, error: String, text: String) {
        let output = cache.appendingPathComponent("map-\(UUID().uuidString).ans").path
        let run = try ProgramRun.sidewalk(
            ["snapshot", demo, "--map", "--size", "120x40", "--output", output] + more, environment: ["XDG_CACHE_HOME": cache.path],
            timeLimit: 60)
        return (run.status, run.standardError, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    /// The demo archive's tiles around the town written out one file each, `Z/X/Y.pbf`, as a
    /// tile server lays them out.
    static func extractTiles(from path: String = archive, around place: String = "46.9415,7.4455", into folder: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let archive = try PMTilesArchive { offset, length in
            offset + length <= bytes.count ? Array(bytes[offset..<(offset + length)]) : nil
        }
        let town = try Coordinate.parse(place).get()
        var written: [Int: Int] = [:]
        for zoom in archive.zooms {
            let middle = TileID.containing(town, zoom: zoom).tile
            for y in (middle.y - 2)...(middle.y + 2) {
                for x in (middle.x - 2)...(middle.x + 2) {
                    guard let tile = archive.tile(TileID(z: zoom, x: x, y: y)) else { continue }
                    let path = folder.appendingPathComponent("\(zoom)/\(x)")
                    try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
                    try Data(tile).write(to: path.appendingPathComponent("\(y).pbf"))
                    written[zoom, default: 0] += 1
                }
            }
        }
        #expect(written.count == archive.zooms.count, "\(written)")
    }

    @Test("an MBTiles database of the same tiles (made by Python's sqlite3 as the specification says) draws the same map")
    func mbtiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.extractTiles(into: folder.appendingPathComponent("tiles"))
        let script = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Tests/EndToEndTests/Support/make_mbtiles.py").path
        let database = folder.appendingPathComponent("streets.mbtiles").path
        let raster = folder.appendingPathComponent("raster.mbtiles").path
        for (output, format) in [(database, "pbf"), (raster, "png")] {
            let made = try Subprocess.run(["python3", script, folder.appendingPathComponent("tiles").path, output, format])
            #expect(made.status == 0, "\(made.errorText)")
        }
        let local = try Self.map(["--basemap", Self.archive], cache: folder)
        let fromDatabase = try Self.map(["--basemap", database], cache: folder)
        #expect(fromDatabase.status == 0 && fromDatabase.text == local.text && local.text.contains("Linden Brook"), "\(fromDatabase.error)")
        let png = try Self.map(["--basemap", raster], cache: folder)
        #expect(png.error == "sidewalk: basemap \(raster): MBTiles of png tiles; Sidewalk reads vector tiles (pbf)\n", "\(png.error)")
        let text = folder.appendingPathComponent("text.mbtiles").path
        try Data("SQLite format 3? no.".utf8).write(to: URL(fileURLWithPath: text))
        let notDatabase = try Self.map(["--basemap", text], cache: folder)
        #expect(
            notDatabase.status == 1 && notDatabase.error == "sidewalk: basemap \(text): not an MBTiles database (no metadata table)\n",
            "\(notDatabase.error)")
    }

    @Test("a PMTiles archive on a static host draws the map its file on disk draws, read by byte ranges, never whole")
    func remoteArchive() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try FaultServer(folder: folder)
        let local = try Self.map(["--basemap", Self.archive], cache: folder)
        let web = try Self.map(["--basemap", server.base + "streets.pmtiles"], cache: folder)
        #expect(local.status == 0 && web.status == 0, "\(web.error)")
        #expect(web.text == local.text && web.text.contains("Linden Brook"))
        let asked = server.requests()
        #expect(!asked.isEmpty && asked.allSatisfy { $0.path == "/streets.pmtiles" && $0.range != nil }, "\(asked)")
        let bytes = asked.compactMap(\.range).compactMap { range -> Int? in
            let ends = range.dropFirst("bytes=".count).split(separator: "-").compactMap { Int($0) }
            return ends.count == 2 ? ends[1] - ends[0] + 1 : nil
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: Self.archive)[.size] as? Int)
        #expect(bytes.reduce(0, +) < size, "\(bytes.reduce(0, +)) of \(size) bytes read")
        withExtendedLifetime(server) {}
    }

    @Test("a tile server's TileJSON and its {z}/{x}/{y} tiles draw the map the archive draws; a bare template asks zoom 14")
    func tileServer() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Described by a TileJSON with a relative template, as tileserver-gl and martin give one.
        try Self.extractTiles(into: folder.appendingPathComponent("tiles"))
        let description =
            #"{"tilejson": "3.0.0", "tiles": ["tiles/{z}/{x}/{y}.pbf"], "minzoom": 14, "maxzoom": 18, "#
            + #""attribution": "<a href=\"https://www.openstreetmap.org/copyright\">© OpenStreetMap contributors</a>"}"#
        try Data(description.utf8).write(to: folder.appendingPathComponent("tiles.json"))
        let server = try FaultServer(folder: folder)
        let local = try Self.map(["--basemap", Self.archive], cache: folder)
        let web = try Self.map(["--basemap", server.base + "tiles.json"], cache: folder)
        #expect(web.status == 0 && web.text == local.text && web.text.contains("Linden Brook"), "\(web.error)")
        // A template alone says no zooms: OpenMapTiles' 0...14 are asked, the deepest here 14.
        let before = server.requests().count
        let bare = try Self.map(["--basemap", server.base + "tiles/{z}/{x}/{y}.pbf"], cache: folder)
        let asked = server.requests().dropFirst(before).map(\.path)
        #expect(bare.status == 0 && !asked.isEmpty && asked.allSatisfy { $0.hasPrefix("/tiles/14/") }, "\(bare.error) \(asked)")
        let wrong = try Self.map(["--basemap", server.base + "tiles/{z}.pbf"], cache: folder)
        #expect(
            wrong.status == 1 && wrong.error == "sidewalk: basemap \(server.base)tiles/{z}.pbf: a tile URL must hold {z}, {x} and {y}\n")
        try Data(#"{"tiles": ["file:///etc/{z}/{x}/{y}"]}"#.utf8).write(to: folder.appendingPathComponent("bad.json"))
        let bad = try Self.map(["--basemap", server.base + "bad.json"], cache: folder)
        #expect(
            bad.status == 1
                && bad.error
                    == "sidewalk: basemap \(server.base)bad.json: TileJSON's tiles must list an http(s) URL with {z}, {x} and {y}\n",
            "\(bad.error)")
    }

    @Test(
        "on a street-level service with no basemap chosen, the default street map (a TileJSON) is drawn and credited; unreachable, the map is drawn without it; --basemap off asks nothing"
    )
    func defaultStreetMap() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.extractTiles(into: folder.appendingPathComponent("tiles"))
        try Data(#"{"tilejson": "3.0.0", "tiles": ["tiles/{z}/{x}/{y}.pbf"], "minzoom": 14, "maxzoom": 14}"#.utf8)
            .write(to: folder.appendingPathComponent("planet"))
        let server = try FaultServer(folder: folder)
        let mapillary = try MapillaryFixture()
        func map(_ streetMap: String, _ more: [String] = []) throws -> (status: Int32, error: String, text: String) {
            let output = folder.appendingPathComponent("map-\(UUID().uuidString).ans").path
            let run = try ProgramRun.sidewalk(
                ["snapshot", "mapillary:\(mapillary.address)", "--at", "46.9412,7.4445", "--map", "--size", "120x40", "--output", output]
                    + more,
                environment: [
                    "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "SIDEWALK_STREET_MAP": streetMap,
                    "MAPILLARY_ACCESS_TOKEN": MapillaryFixture.token
                ], timeLimit: 60)
            return (run.status, run.standardError, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
        }
        let drawn = try map(server.base + "planet")
        #expect(drawn.status == 0 && drawn.text.contains("Linden Brook"), "\(drawn.error) \(server.requests().map(\.path))")
        #expect(server.requests().filter { $0.path == "/planet" }.count == 1, "the description read once")
        let unreachable = try map("http://127.0.0.1:9/planet")
        #expect(unreachable.status == 0 && !unreachable.text.contains("Linden Brook") && !unreachable.text.isEmpty, "\(unreachable.error)")
        let before = server.requests().count
        let off = try map(server.base + "planet", ["--basemap", "off"])
        #expect(off.status == 0 && server.requests().count == before, "\(off.error)")
        // In the explorer, the map credits it.
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' mapillary --server \(mapillary.address) --image 1001 --geocoder off", columns: 120,
            rows: 36,
            environment: [
                "SIDEWALK_STREET_MAP": server.base + "planet", "MAPILLARY_ACCESS_TOKEN": MapillaryFixture.token,
                "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "SWIFT_BACKTRACE": "interactive=no"
            ])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("@lindenfeld") })
        try session.send("M")
        #expect(
            try session.waitUntil(timeout: 30) { try session.capture().contains("OpenFreeMap © OpenMapTiles Data from OpenStreetMap") },
            "\((try? session.capture()) ?? "")")
    }

    @Test("a host that ignores ranges, or has no such archive: one line naming it, status 1")
    func badHosts() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try FaultServer(folder: folder, faults: ["whole.pmtiles": "no-range"])
        try FileManager.default.copyItem(
            atPath: folder.appendingPathComponent("streets.pmtiles").path, toPath: folder.appendingPathComponent("whole.pmtiles").path)
        let whole = try Self.map(["--basemap", server.base + "whole.pmtiles"], cache: folder)
        #expect(
            whole.status == 1
                && whole.error
                    == "sidewalk: basemap \(server.base)whole.pmtiles: the server does not answer range requests (it sent the whole file); "
                    + "serve it from a host that does\n",
            "\(whole.error)")
        let missing = try Self.map(["--basemap", server.base + "none.pmtiles"], cache: folder)
        #expect(missing.status == 1 && missing.error == "sidewalk: basemap \(server.base)none.pmtiles: the server answered HTTP 404\n")
    }
}
