import FoundationEssentials
import Locking
import RemoteData
import StreetMap
import VectorTiles

/// The street map drawn under a street-level service's pictures when no basemap is chosen
/// (docs/maps.md): OpenFreeMap's planet, OpenMapTiles vector tiles for the whole world with no
/// key, no registration and no request limit (its README). Its TileJSON is read with the first
/// tile, off the explorer's loop, so a machine without the internet opens at once and draws the
/// service's coverage alone; `SIDEWALK_STREET_MAP` names another TileJSON, or `off`.
enum DefaultStreetMap {
    /// OpenFreeMap's planet TileJSON.
    static let openFreeMap = "https://tiles.openfreemap.org/planet"
    /// The credit OpenFreeMap asks for.
    static let attribution = "OpenFreeMap © OpenMapTiles Data from OpenStreetMap"
    /// The environment variable that names another TileJSON instead, or `off` (a demo machine
    /// without the internet; the tests, which ask no public server).
    static let variable = "SIDEWALK_STREET_MAP"
    /// OpenMapTiles' zooms (OpenFreeMap's planet stops at 14; deeper views draw zoom 14's).
    static let zooms = 0...14
    /// How long the TileJSON and a tile are used without asking again, seconds: OpenFreeMap's
    /// tile addresses name the week's build, so a tile never changes under its address.
    static let keepSeconds = 7 * 86_400
    /// The longest a read of it may wait for a connection or its next bytes, seconds, tried
    /// once: the map is a nicety, and the first picture's address waits for its tiles before
    /// the explorer opens (a network that drops its packets held the start 11 s with the
    /// client's usual 10 s).
    static let patience = 4.0

    /// The TileJSON to read, from `environment`; nil when it says `off`.
    static func address(environment: [String: String]) -> String? {
        let chosen = environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? openFreeMap
        return chosen == "off" ? nil : chosen
    }

    /// The street map described at `address`, its tiles fetched through `cache` (before the map
    /// is drawn when `waits`). A description that cannot be had (offline and not cached, no
    /// connection, not TileJSON) is asked for once; the map is then drawn without streets.
    static func open(_ address: String, cache: HTTPCache, waits: Bool) -> any Basemap {
        let description = Locked<TileJSON??>(nil)
        return FetchedTiles(zooms: zooms, attribution: attribution, waits: waits, decode: OpenMapTiles.features) { tile in
            let known: TileJSON? = description.withLock { known in
                if let known { return known }
                let read = (try? cache.fetch(address, maxBytes: 1 << 20, keepSeconds: keepSeconds))
                    .flatMap { try? TileJSON.parse($0, address: address) }
                known = .some(read)
                return read
            }
            guard let known, known.zooms.contains(tile.z) else { return nil }
            return try? cache.fetch(known.address(of: tile), maxBytes: BasemapSource.partLimit, keepSeconds: keepSeconds)
        }
    }
}
