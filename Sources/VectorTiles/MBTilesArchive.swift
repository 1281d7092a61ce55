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

    /// An open SQLite connection and its statements' deadline.
    private struct Connection {
        let pointer: OpaquePointer
        let deadline: UnsafeMutablePointer<timespec>
    }

    /// The connection, owned: used under the lock, closed when the archive goes.
    private struct Handle: ~Copyable {
        let connection: Connection
        /// Set when a read ran out of time: no further tile is asked for (each would take as long).
        var timedOut = false

        deinit {
            sqlite3_close_v2(connection.pointer)
            connection.deadline.deallocate()
        }
    }

    /// How long one statement may run, milliseconds: a tile or a metadata read takes far less;
    /// a view can be made to run for ever.
    static let statementMilliseconds = 5_000

    /// Opens the database at `path` (a regular file, read-only) and checks it holds vector tiles.
    init(path: String) throws(PMTilesArchive.Failure) {
        // A FIFO or a device is refused before SQLite could wait on it.
        do { _ = try RandomAccessFile(path) } catch { throw PMTilesArchive.Failure(description: error.description) }
        var opened: OpaquePointer?
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX, nil) == SQLITE_OK, let pointer = opened else {
            sqlite3_close_v2(opened)
            throw PMTilesArchive.Failure(description: "\(path): cannot be opened as an SQLite database")
        }
        let deadline = UnsafeMutablePointer<timespec>.allocate(capacity: 1)
        deadline.initialize(to: timespec())
        let handle = Handle(connection: Connection(pointer: pointer, deadline: deadline))
        let database = handle.connection
        // No value larger than a tile is ever made (randomblob(9e8) in a view is an error, not
        // 900 MB), and no statement runs past its deadline.
        sqlite3_limit(pointer, SQLITE_LIMIT_LENGTH, Int32(Self.tileLimit))
        sw_sqlite_install_deadline(pointer, deadline)
        func failure(_ what: String) -> PMTilesArchive.Failure { PMTilesArchive.Failure(description: "\(path): \(what)") }
        let names: [String: String]
        do { names = try Self.metadata(database) } catch { throw failure(error.description) }
        if let format = names["format"], format != "pbf" {
            throw failure("MBTiles of \(format.prefix(20)) tiles; Sidewalk reads vector tiles (pbf)")
        }
        do { try Self.checkTilesTable(database) } catch { throw failure(error.description) }
        let low = names["minzoom"].flatMap { Int($0) } ?? (try? Self.integer(database, "SELECT MIN(zoom_level) FROM tiles")) ?? nil
        let high = names["maxzoom"].flatMap { Int($0) } ?? (try? Self.integer(database, "SELECT MAX(zoom_level) FROM tiles")) ?? nil
        guard let low, let high, 0 <= low, low <= high, high <= TileID.deepestZoom else {
            throw failure("its zooms are not 0...\(TileID.deepestZoom), or it has no tiles")
        }
        zooms = low...high
        attribution = names["attribution"].flatMap(TileJSON.plainAttribution)
        self.database = Mutex(handle)
    }

    /// The tile at `tile`, as stored (gzip or not); nil when it has none there, it is too large,
    /// or it cannot be read in time.
    @Sendable func tile(_ tile: TileID) -> [UInt8]? {
        guard zooms.contains(tile.z) else { return nil }
        let row = (1 << tile.z) - 1 - tile.y  // TMS rows count from the south
        return database.withLock { handle -> [UInt8]? in
            guard !handle.timedOut else { return nil }
            do throws(StatementError) {
                return try Self.firstRow(
                    handle.connection, "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3",
                    [tile.z, tile.x, row]
                ) { statement in
                    let count = Int(sqlite3_column_bytes(statement, 0))
                    guard count <= Self.tileLimit, let bytes = sqlite3_column_blob(statement, 0) else { return nil }
                    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
                } ?? nil
            } catch {
                handle.timedOut = error.interrupted
                return nil
            }
        }
    }

    /// Why a statement failed, in words.
    struct StatementError: Error, CustomStringConvertible {
        let description: String
        /// It ran out of time.
        var interrupted = false
    }

    /// The metadata table's names and values (at most 1,000 of them, 4 KB a value).
    private static func metadata(_ database: Connection) throws(StatementError) -> [String: String] {
        var names: [String: String] = [:]
        let read = try eachRow(database, "SELECT name, value FROM metadata LIMIT 1000", []) { statement in
            guard let name = sqlite3_column_text(statement, 0), let value = sqlite3_column_text(statement, 1) else { return }
            names[String(cString: name)] = String(String(cString: value).prefix(4096))
        }
        guard read else { throw StatementError(description: "not an MBTiles database (no metadata table)") }
        return names
    }

    /// Throws unless a `tiles` table (or view) with the spec's four columns can be asked for a tile.
    private static func checkTilesTable(_ database: Connection) throws(StatementError) {
        // Its first row, whatever it is: a view that never yields one, or yields one too large,
        // is found here rather than on every tile read.
        let sql = "SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles LIMIT 1"
        guard try eachRow(database, sql, [], { _ in }) else {
            throw StatementError(description: "not an MBTiles database (no tiles table of zoom_level, tile_column, tile_row and tile_data)")
        }
    }

    /// The one integer `sql` gives; nil when it gives none.
    private static func integer(_ database: Connection, _ sql: String) throws(StatementError) -> Int? {
        try firstRow(database, sql, []) { statement in
            sqlite3_column_type(statement, 0) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, 0))
        } ?? nil
    }

    /// `read` of the first row `sql` gives with `values` bound in order; nil when no row.
    private static func firstRow<Value>(
        _ database: Connection, _ sql: String, _ values: [Int], read: (OpaquePointer) -> Value
    ) throws(StatementError) -> Value? {
        var found: Value?
        _ = try eachRow(database, sql, values, first: true) { found = read($0) }
        return found
    }

    /// Runs `sql` with `values` bound in order, `each` row (the first only, with `first`), within
    /// `statementMilliseconds`; false when the statement cannot be made (no such table or
    /// column), throws when running it fails.
    private static func eachRow(
        _ database: Connection, _ sql: String, _ values: [Int], first: Bool = false, _ each: (OpaquePointer) -> Void
    ) throws(StatementError) -> Bool {
        sw_sqlite_start(database.deadline, statementMilliseconds)
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database.pointer, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            return false
        }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() { sqlite3_bind_int64(statement, Int32(index + 1), sqlite3_int64(value)) }
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            each(statement)
            if first { return true }
            code = sqlite3_step(statement)
        }
        switch code {
        case SQLITE_DONE: return true
        case SQLITE_INTERRUPT:
            throw StatementError(
                description: "reading it took over \(statementMilliseconds / 1000) s (a view that never ends?)", interrupted: true)
        case SQLITE_TOOBIG: throw StatementError(description: "it holds a value over \(tileLimit >> 20) MB")
        default: throw StatementError(description: "cannot be read: \(String(cString: sqlite3_errmsg(database.pointer)))")
        }
    }
}
