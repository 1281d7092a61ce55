import Foundation
import TestSupport
import Testing

/// MBTiles databases made to hang or exhaust a reader (views that never end, values of hundreds
/// of megabytes, no tiles at all), made by Python's own sqlite3: each is one line naming what
/// is wrong, status 1, in bounded time and memory.
@Suite("Hostile MBTiles basemaps")
struct HostileMBTilesTests {
    /// Python that writes the database at argv[1] with `schema` (SQL statements).
    static func make(_ path: String, schema: [String]) throws {
        let statements = schema.map { "db.execute(\"\"\"\($0)\"\"\")" }.joined(separator: "\n")
        let script = "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\n\(statements)\ndb.commit()\n"
        let made = try Subprocess.run(["python3", "-c", script, path])
        #expect(made.status == 0, "\(made.errorText)")
    }

    static let endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT"
    static let tilesTable = "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)"
    static let metadataTable = "CREATE TABLE metadata (name text, value text)"
    static let zooms = "INSERT INTO metadata VALUES ('minzoom', '14'), ('maxzoom', '18'), ('format', 'pbf')"

    static let cases: [(String, [String], String)] = [
        (
            "a metadata view that never yields a row",
            [tilesTable, "CREATE VIEW metadata AS \(endless) 'a' AS name, 'b' AS value FROM n WHERE x < 0"],
            "reading it took over 5 s (a view that never ends?)"
        ),
        (
            "a tiles view that never ends",
            [
                metadataTable, zooms,
                "CREATE VIEW tiles AS \(endless) 14 AS zoom_level, 0 AS tile_column, 0 AS tile_row, x AS tile_data FROM n WHERE x < 0"
            ],
            "reading it took over 5 s (a view that never ends?)"
        ),
        (
            "a metadata value of 900 MB",
            [tilesTable, "CREATE VIEW metadata AS SELECT 'attribution' AS name, randomblob(900000000) AS value"],
            "it holds a value over 4 MB"
        ),
        (
            "tiles of 900 MB",
            [
                metadataTable, zooms,
                "CREATE VIEW tiles AS SELECT 14 AS zoom_level, 0 AS tile_column, 0 AS tile_row, randomblob(900000000) AS tile_data"
            ],
            "it holds a value over 4 MB"
        ),
        (
            "no tiles table", [metadataTable, zooms],
            "not an MBTiles database (no tiles table of zoom_level, tile_column, tile_row and tile_data)"
        )
    ]

    @Test("refused in one line, in seconds, within 150 MB", arguments: cases)
    func refused(name: String, schema: [String], reason: String) throws {
        let folder = try WebBasemapTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("hostile.mbtiles").path
        try Self.make(database, schema: schema)
        let output = folder.appendingPathComponent("map.ans").path
        let run = try ProgramRun.sidewalk(
            ["snapshot", WebBasemapTests.demo, "--map", "--size", "120x40", "--output", output, "--basemap", database],
            environment: ["XDG_CACHE_HOME": folder.path], measuringMemory: true, timeLimit: 60)
        #expect(run.status == 1 && run.errorLines == ["sidewalk: basemap \(database): \(reason)"], "\(name): \(run.standardError)")
        // SQLite makes and frees a row at every step of a view that runs for 5 s: under a
        // sanitizer, whose quarantine keeps freed memory, that is many small allocations.
        #expect(
            run.peakResidentKilobytes < ProgramRun.memoryBound(kilobytes: 150_000, sanitized: 9), "\(name): \(run.peakResidentKilobytes) KB"
        )
    }
}
