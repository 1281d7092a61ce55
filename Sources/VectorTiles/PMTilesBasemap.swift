import PanoCore
import StreetMap
import Synchronization
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// A basemap read from a PMTiles archive of vector tiles in the OpenMapTiles schema: the
/// layers `transportation` (by `class`), `transportation_name`, `water`, `waterway`, `building`
/// and `park`. Tiles are decoded once and kept (`cachedTiles` of them), so a map that pans reads
/// only the tiles it has not shown.
package final class PMTilesBasemap: Basemap {
    private let archive: PMTilesArchive
    private let cache = Mutex<[TileID: [MapFeature]]>([:])
    package let attribution: String

    /// Tiles kept decoded, at most; and tiles read for one map, at most.
    static let cachedTiles = 64
    static let tilesPerMap = 16

    /// The archive at `path` on disk, credited as its metadata says, else as OpenStreetMap's
    /// (the data every open vector tile set is made from).
    package convenience init(path: String) throws(PMTilesArchive.Failure) {
        let file: RandomAccessFile
        do { file = try RandomAccessFile(path) } catch { throw PMTilesArchive.Failure(description: error.description) }
        do {
            let archive = try PMTilesArchive { offset, length in file.read(offset: offset, length: length) }
            self.init(archive: archive, attribution: archive.attribution ?? "© OpenStreetMap contributors")
        } catch {
            throw PMTilesArchive.Failure(description: "\(path): \(error.description)")
        }
    }

    package init(archive: PMTilesArchive, attribution: String) {
        self.archive = archive
        self.attribution = attribution
    }

    package func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] {
        let zoom = Self.zoom(metresPerDot: metresPerDot, latitude: centre.latitude, range: archive.minZoom...archive.maxZoom)
        var features: [MapFeature] = []
        for tile in Self.tiles(around: centre, within: metres, zoom: zoom).prefix(Self.tilesPerMap) {
            if let kept = cache.withLock({ $0[tile] }) {
                features += kept.filter { $0.meets(centre, within: metres) }
                continue
            }
            let decoded = archive.tile(tile).flatMap { try? VectorTile.decode($0) }.map { OpenMapTiles.features(of: $0, at: tile) } ?? []
            cache.withLock { cache in
                if cache.count >= Self.cachedTiles { cache.removeAll() }
                cache[tile] = decoded
            }
            features += decoded.filter { $0.meets(centre, within: metres) }
        }
        return features
    }

    /// The zoom whose tiles show about one tile pixel (of 256) per dot, within `range`.
    static func zoom(metresPerDot: Double, latitude: Double, range: ClosedRange<Int>) -> Int {
        let equator = 40_075_016.686 * cos(latitude * .pi / 180)
        let ideal = Int(log2(equator / (max(metresPerDot, 0.01) * 256)).rounded())
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
