import PanoCore
import StreetMap
import Synchronization
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// A basemap read from a file of vector tiles in the OpenMapTiles (or Protomaps) schema on
/// disk: a PMTiles archive or an MBTiles database. Tiles are read as the map needs them, decoded
/// once and kept (`DecodedTiles`, within a memory budget), so a map that pans reads only the tiles
/// it has not shown.
package final class LocalTiles: Basemap {
    /// Reads a tile's bytes (gzip or not); nil when the file has none there.
    package typealias Read = @Sendable (TileID) -> [UInt8]?

    private let read: Read
    private let zooms: ClosedRange<Int>
    private let cache = Mutex(DecodedTiles())
    package let attribution: String

    /// Tiles read for one map, at most.
    static let tilesPerMap = 16

    /// Tiles of `zooms` (the nearest to the map's scale), read by `read`, credited to `attribution`.
    package init(zooms: ClosedRange<Int>, attribution: String, read: @escaping Read) {
        (self.zooms, self.attribution, self.read) = (zooms, attribution, read)
    }

    /// The PMTiles archive at `path`, credited as its metadata says, else as OpenStreetMap's
    /// (the data every open vector tile set is made from).
    package static func pmtiles(path: String) throws(PMTilesArchive.Failure) -> LocalTiles {
        let file: RandomAccessFile
        do { file = try RandomAccessFile(path) } catch { throw PMTilesArchive.Failure(description: error.description) }
        do {
            let archive = try PMTilesArchive { offset, length in file.read(offset: offset, length: length) }
            return LocalTiles(
                zooms: archive.zooms, attribution: archive.attribution ?? openStreetMap, read: archive.tile)
        } catch {
            throw PMTilesArchive.Failure(description: "\(path): \(error.description)")
        }
    }

    /// The MBTiles database at `path`, credited as its metadata says, else as OpenStreetMap's.
    package static func mbtiles(path: String) throws(PMTilesArchive.Failure) -> LocalTiles {
        let database = try MBTilesArchive(path: path)
        return LocalTiles(zooms: database.zooms, attribution: database.attribution ?? openStreetMap, read: database.tile)
    }

    /// Credited when a tile set does not say whose it is.
    package static let openStreetMap = "© OpenStreetMap contributors"

    package func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] {
        let zoom = Self.zoom(metresPerDot: metresPerDot, latitude: centre.latitude, range: zooms)
        var features: [MapFeature] = []
        for tile in Self.tiles(around: centre, within: metres, zoom: zoom).prefix(Self.tilesPerMap) {
            if let kept = cache.withLock({ $0[tile] }) {
                features += kept.filter { $0.meets(centre, within: metres) }
                continue
            }
            let decoded = read(tile).flatMap(Self.decode).map { OpenMapTiles.features(of: $0, at: tile) } ?? []
            cache.withLock { $0.keep(decoded, for: tile) }
            features += decoded.filter { $0.meets(centre, within: metres) }
        }
        return features
    }

    /// A tile's bytes decoded, inflated first when they are gzip; nil when they are not a tile.
    static func decode(_ bytes: [UInt8]) -> VectorTile? {
        let plain = Gzip.isCompressed(bytes) ? Gzip.inflate(bytes, limit: VectorTile.Limits.map.bytes) : bytes
        return plain.flatMap { try? VectorTile.decode($0, limits: .map) }
    }

    /// The zoom whose tiles show about one tile pixel (of 256) per dot, within `range`.
    static func zoom(metresPerDot: Double, latitude: Double, range: ClosedRange<Int>) -> Int {
        let ideal = Int(WebMercator.zoom(metresPerPixel: max(metresPerDot, 0.01), latitude: latitude).rounded())
        return min(max(ideal, range.lowerBound), range.upperBound)
    }

    /// The tiles at `zoom` covering the square `metres` round `centre`, the centre's first.
    static func tiles(around centre: Coordinate, within metres: Double, zoom: Int) -> [TileID] {
        let corners = [0.0, 90, 180, 270].map { centre.offset(by: metres * 2.squareRoot(), bearing: $0 + 45) }
        let tiles = corners.map { TileID.containing($0, zoom: zoom).tile }
        let (middle, _) = TileID.containing(centre, zoom: zoom)
        let xs = tiles.map(\.x)
        let ys = tiles.map(\.y)
        var found: [TileID] = [middle]
        for y in (ys.min() ?? middle.y)...(ys.max() ?? middle.y) {
            for x in (xs.min() ?? middle.x)...(xs.max() ?? middle.x) where (x, y) != (middle.x, middle.y) {
                found.append(TileID(z: zoom, x: x, y: y))
            }
        }
        return found
    }
}
