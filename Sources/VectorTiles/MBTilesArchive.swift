import CSQLite
import Synchronization
import SystemIO

/// An MBTiles database of vector tiles (MBTiles 1.3, mapbox/mbtiles-spec: a `tiles` table keyed
/// by zoom, column and TMS row, its `tile_data` gzip-compressed protobuf, and a `metadata`
/// table of names and values), as tilemaker writes it, read with Debian's SQLite: opened
/// read-only, one tile per query, a tile of at most `tileLimit` bytes.
final class MBTilesArchive: Sendable {
    private let database: Mutex<Handle>
    /// The zooms it holds tiles at (its metadata's `minzoom`…`maxzoom`, else the tiles').
    let zooms: ClosedRange<Int>
    /// Its metadata's `attribution`, as plain text; nil when it has none.
    let attribution: String?

    /// The largest tile read, bytes (as `VectorTile.Limits`).
    static let tileLimit = 4 << 20

    /// An open SQLite connection, used under the lock.
    private struct Handle: ~Copyable {
        let pointer: OpaquePointer

        deinit {
            sqlite3_close_v2(pointer)
        }
    }

    /// Opens the database at `path` (a regular file, read-only) and checks it holds vector tiles.
    init(path: String) throws(PMTilesArchive.Failure) {
        // A FIFO or a device is refused before SQLite could wait on it.
        do { _ = try RandomAccessFile(path) } catch { throw PMTilesArchive.Failure(description: error.description) }
        var opened: OpaquePointer?
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX, nil) == SQLITE_OK, let pointer = opened else {
            sqlite3_close_v2(opened)
            throw PMTilesArchive.Failure(description: "\(path): cannot be opened as an SQLite database")
        }
        let handle = Handle(pointer: pointer)
        func failure(_ what: String) -> PMTilesArchive.Failure { PMTilesArchive.Failure(description: "\(path): \(what)") }
        guard let names = Self.metadata(pointer) else { throw failure("not an MBTiles database (no metadata table)") }
        if let format = names["format"], format != "pbf" {
            throw failure("MBTiles of \(format.prefix(20)) tiles; Sidewalk reads vector tiles (pbf)")
        }
        let low = names["minzoom"].flatMap { Int($0) } ?? Self.integer(pointer, "SELECT MIN(zoom_level) FROM tiles")
        let high = names["maxzoom"].flatMap { Int($0) } ?? Self.integer(pointer, "SELECT MAX(zoom_level) FROM tiles")
        guard let low, let high, 0 <= low, low <= high, high <= TileID.deepestZoom else {
            throw failure("its zooms are not 0...\(TileID.deepestZoom), or it has no tiles")
        }
        zooms = low...high
        attribution = names["attribution"].flatMap(TileJSON.plainAttribution)
        database = Mutex(handle)
    }

    /// The tile at `tile`, as stored (gzip or not); nil when it has none there or it is too large.
    @Sendable func tile(_ tile: TileID) -> [UInt8]? {
        guard zooms.contains(tile.z) else { return nil }
        let row = (1 << tile.z) - 1 - tile.y  // TMS rows count from the south
        return database.withLock { handle -> [UInt8]? in
            Self.query(
                handle.pointer, "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3",
                [tile.z, tile.x, row]
            ) { statement in
                let count = Int(sqlite3_column_bytes(statement, 0))
                guard count <= Self.tileLimit, let bytes = sqlite3_column_blob(statement, 0) else { return nil }
                return Array(UnsafeRawBufferPointer(start: bytes, count: count))
            } ?? nil
        }
    }

    /// The metadata table's names and values (at most 1,000 of them, 4 KB a value); nil when
    /// there is no such table.
    private static func metadata(_ database: OpaquePointer) -> [String: String]? {
        var names: [String: String] = [:]
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "SELECT name, value FROM metadata LIMIT 1000", -1, &statement, nil) == SQLITE_OK else {
            sqlite3_finalize(statement)
            return nil
        }
        defer { sqlite3_finalize(statement) }
        while sqlite3_step(statement) == SQLITE_ROW {
            guard let name = sqlite3_column_text(statement, 0), let value = sqlite3_column_text(statement, 1) else { continue }
            names[String(cString: name)] = String(String(cString: value).prefix(4096))
        }
        return names
    }

    /// The one integer `sql` gives; nil when it gives none.
    private static func integer(_ database: OpaquePointer, _ sql: String) -> Int? {
        query(database, sql, []) { statement in
            sqlite3_column_type(statement, 0) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, 0))
        } ?? nil
    }

    /// `read` of the first row `sql` gives with `values` bound in order; nil when no row (or an error).
    private static func query<Value>(
        _ database: OpaquePointer, _ sql: String, _ values: [Int], read: (OpaquePointer) -> Value
    ) -> Value? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            return nil
        }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() { sqlite3_bind_int64(statement, Int32(index + 1), sqlite3_int64(value)) }
        return sqlite3_step(statement) == SQLITE_ROW ? read(statement) : nil
    }
}
