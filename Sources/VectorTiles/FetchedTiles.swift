import PanoCore
import StreetMap
import Synchronization
import SystemIO

/// A map layer of vector tiles fetched from the web (a `{z}/{x}/{y}` URL, a PMTiles archive read
/// by ranges, Panoramax's coverage tiles; docs/maps.md) and made into features by `decode`.
/// Tiles are fetched off the caller's thread (`fetch`, through the HTTP cache), a handful per
/// map, each once; what has arrived is drawn, and `notify`'s closure is called as more arrives
/// so the map is drawn again. With `waits`, a map waits for its tiles (a snapshot).
package final class FetchedTiles: Basemap {
    /// Fetches a tile's bytes (gzip or not); nil when it cannot.
    package typealias Fetch = @Sendable (TileID) -> [UInt8]?
    /// The features a tile holds.
    package typealias Decode = @Sendable (VectorTile, TileID) -> [MapFeature]

    private struct State {
        var tiles = DecodedTiles()
        var fetching: Set<TileID> = []
        var arrived: (@Sendable () -> Void)?
    }

    private let fetch: Fetch
    private let decode: Decode
    private let zooms: ClosedRange<Int>
    private let waits: Bool
    private let state = Mutex(State())
    package let attribution: String

    /// Tiles read for one map, at most (`DecodedTiles` keeps them all).
    static let tilesPerMap = 9

    /// Tiles of `zooms` (the nearest to the map's scale), credited to `attribution`.
    package init(
        zooms: ClosedRange<Int>, attribution: String, waits: Bool = false, decode: @escaping Decode, fetch: @escaping Fetch
    ) {
        (self.zooms, self.attribution, self.waits, self.decode, self.fetch) = (zooms, attribution, waits, decode, fetch)
    }

    package func notify(_ arrived: @escaping @Sendable () -> Void) {
        state.withLock { $0.arrived = arrived }
    }

    package func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] {
        features(near: centre, within: metres, metresPerDot: metresPerDot, waiting: waits)
    }

    package func featuresWaiting(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] {
        features(near: centre, within: metres, metresPerDot: metresPerDot, waiting: true)
    }

    /// The features near `centre`; `waiting` fetches the tiles not kept on this thread first
    /// (those another thread is fetching too: the HTTP cache answers the second).
    private func features(near centre: Coordinate, within metres: Double, metresPerDot: Double, waiting: Bool) -> [MapFeature] {
        let zoom = LocalTiles.zoom(metresPerDot: metresPerDot, latitude: centre.latitude, range: zooms)
        let wanted = Array(LocalTiles.tiles(around: centre, within: metres, zoom: zoom).prefix(Self.tilesPerMap))
        let missing = state.withLock { state in
            let missing = wanted.filter { state.tiles[$0] == nil && (waiting || !state.fetching.contains($0)) }
            state.fetching.formUnion(missing)
            return missing
        }
        if waiting {
            for tile in missing { store(load(tile), at: tile) }
        } else {
            for tile in missing {
                BlockingThread.start(name: "sidewalk-map") { [self] in
                    store(load(tile), at: tile)
                    state.withLock { $0.arrived }?()
                }
            }
        }
        let features = state.withLock { state in wanted.flatMap { state.tiles[$0] ?? [] } }
        return features.filter { $0.meets(centre, within: metres) }
    }

    /// A tile's features, none when it cannot be read.
    private func load(_ tile: TileID) -> [MapFeature] {
        guard let bytes = fetch(tile), let decoded = LocalTiles.decode(bytes) else { return [] }
        return decode(decoded, tile)
    }

    private func store(_ features: [MapFeature], at tile: TileID) {
        state.withLock { state in
            state.tiles.keep(features, for: tile)
            state.fetching.remove(tile)
        }
    }
}
