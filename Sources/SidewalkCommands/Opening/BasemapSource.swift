import RemoteData
import StreetMap
import SystemIO
import VectorTiles

/// Where a basemap comes from (`--basemap`, config `basemap`; docs/maps.md): a PMTiles file on
/// disk, a PMTiles archive on the web read by byte ranges, a tile server's TileJSON (`.json`),
/// or a `{z}/{x}/{y}` URL of vector tiles; all in the OpenMapTiles (or Protomaps) schema.
enum BasemapSource {
    /// Credited when the tiles do not say whose they are: every open vector tile set of streets
    /// is made from OpenStreetMap.
    static let openStreetMap = LocalTiles.openStreetMap
    /// The zooms a `{z}/{x}/{y}` URL is asked for: OpenMapTiles' (deeper views draw zoom 14's).
    static let templateZooms = 0...14
    /// The most one tile or directory fetched may be, bytes.
    static let partLimit = 4 << 20

    /// The basemap at `source`; on the web, its tiles fetched through `cache` (off the caller's
    /// thread unless `waits`, as a snapshot does).
    static func open(_ source: String, cache: HTTPCache, waits: Bool) throws(CommandError) -> any Basemap {
        guard HTTPClient.isWebAddress(source) else {
            do {
                return try source.lowercased().hasSuffix(".mbtiles") ? LocalTiles.mbtiles(path: source) : LocalTiles.pmtiles(path: source)
            } catch {
                throw .basemap(error.description)
            }
        }
        if source.contains("{z}") {
            guard ["{z}", "{x}", "{y}"].allSatisfy(source.contains) else {
                throw .basemap("\(source): a tile URL must hold {z}, {x} and {y}")
            }
            let template = TileJSON(template: source, zooms: templateZooms, attribution: nil, fromSouth: false)
            return tiles(zooms: templateZooms, attribution: openStreetMap, cache: cache, waits: waits, address: template.address)
        }
        let path = source.split(separator: "?", maxSplits: 1).first.map(String.init) ?? source
        if path.lowercased().hasSuffix(".json") {
            let bytes: [UInt8]
            do { bytes = try cache.fetch(source, maxBytes: 1 << 20) } catch { throw .basemap(error.description) }
            let description: TileJSON
            do { description = try TileJSON.parse(bytes, address: source) } catch { throw .basemap(error.description) }
            return tiles(
                zooms: description.zooms, attribution: description.attribution ?? openStreetMap, cache: cache, waits: waits,
                address: description.address)
        }
        return try remoteArchive(source, cache: cache, waits: waits)
    }

    /// Tiles at `zooms`, each its own request to its `address`.
    private static func tiles(
        zooms: ClosedRange<Int>, attribution: String, cache: HTTPCache, waits: Bool, address: @escaping @Sendable (TileID) -> String
    ) -> any Basemap {
        FetchedTiles(zooms: zooms, attribution: attribution, waits: waits, decode: OpenMapTiles.features) { tile in
            try? cache.fetch(address(tile), maxBytes: partLimit)
        }
    }

    /// A PMTiles archive on a web server: its header and root directory read now (a server that
    /// cannot be read, or does not answer ranges, is the error), its tiles by ranges as the map
    /// needs them.
    private static func remoteArchive(_ address: String, cache: HTTPCache, waits: Bool) throws(CommandError) -> any Basemap {
        do { _ = try cache.fetch(address, maxBytes: PMTilesArchive.headerLength, range: 0..<PMTilesArchive.headerLength) } catch {
            throw .basemap(error.description)
        }
        let archive: PMTilesArchive
        do {
            archive = try PMTilesArchive { offset, length in
                guard length > 0, length <= partLimit, offset <= Int.max - length else { return nil }
                return try? cache.fetch(address, maxBytes: length, range: offset..<(offset + length))
            }
        } catch {
            throw .basemap("\(address): \(error.description)")
        }
        return FetchedTiles(
            zooms: archive.zooms, attribution: archive.attribution ?? openStreetMap, waits: waits,
            decode: OpenMapTiles.features, fetch: archive.tile)
    }
}
