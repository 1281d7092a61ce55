import Datasets
import Dispatch
import PanoCore
import PanoImage
import StreetModel
import TermRender

/// The tiles of the tiled panorama on screen: after each frame it works out the tiles the view
/// needs (`TileWindow`), asks the tile cache for those it lacks, and composes them (with coarser
/// tiles where one is missing) into the panorama's detail layer on a worker thread. The frame loop
/// only swaps in each composed layer: one redraw per batch of arrivals, never a wait.
package struct TiledDetail {
    package let panorama: Panorama
    private let tiles: PanoramaTiles
    /// The panorama's own image (level 0), shown under the detail.
    private let base: EquirectPanorama
    private let cache: TileCache
    /// The tiles the last frame needed, nil when level 0 was enough.
    private var window: TileWindow?
    /// A composition is running; `stale` says tiles arrived (or the window moved) since it began.
    private var composing = false
    private var stale = false
    /// Tiles that could not be had, for the note.
    private(set) var failures: [TileGrid.Key: PanoramaError] = [:]

    /// For `panorama` (which must be tiled), shown from `base`, its level 0.
    package init?(_ panorama: Panorama, base: EquirectPanorama, cache: TileCache) {
        guard let tiles = panorama.tiles else { return nil }
        self.panorama = panorama
        self.tiles = tiles
        self.base = base
        self.cache = cache
    }

    /// True when the image on screen is the whole of level 0 (not decoded smaller).
    private var hasFullLevelZero: Bool { base.pyramid.levels[0].width == tiles.grid.levelSizes[0].width }

    private var composedID: String { "detail of " + panorama.id }
    private var tileID: String { "tile of " + panorama.id }

    /// After a frame of `width`×`height` pixels (what the view was reprojected at) through
    /// `camera`: asks for the tiles the view needs and recomposes when the window moved.
    package mutating func ask(width: Int, height: Int, camera: PanoramaCamera, mailbox: ArrivalMailbox) {
        let wanted = TileWindow.forView(
            grid: tiles.grid, camera: camera, centerHeading: panorama.centerHeading, width: width, height: height)
        guard wanted != window else { return }
        window = wanted
        guard let wanted else {
            compose(mailbox: mailbox)
            return
        }
        let tileID = tileID
        // Level 0 too when the image on screen was decoded smaller than it.
        let levelZero = hasFullLevelZero ? [] : [TileGrid.Key(level: 0, row: 0, column: 0)]
        cache.request(levelZero + wanted.keys(in: tiles.grid), of: panorama) { [mailbox] _, key, failure in
            mailbox.post(.init(id: tileID, payload: .tile(key, failure: failure)))
        }
        compose(mailbox: mailbox)
    }

    /// Takes its own from `arrivals`: the panorama with a newly composed detail layer to show, or
    /// nil. Tile arrivals start a new composition.
    package mutating func arrived(from arrivals: [ArrivalMailbox.Arrival], mailbox: ArrivalMailbox) -> EquirectPanorama? {
        var composed: EquirectPanorama?
        var tilesArrived = false
        for arrival in arrivals {
            if arrival.id == tileID, case .tile(let key, let failure) = arrival.payload {
                if let failure { failures[key] = failure }
                tilesArrived = tilesArrived || key.level == 0 || window.map { $0.keys(in: tiles.grid).contains(key) } == true
            } else if arrival.id == composedID, case .success(let image)? = arrival.result {
                composing = false
                composed = image
            }
        }
        if tilesArrived || (stale && !composing) { compose(mailbox: mailbox) }
        return composed
    }

    /// True while the tiles the last frame needed are still on their way, or their layer is
    /// being composed: the picture will get sharper without a key.
    package var isRefining: Bool {
        guard !composing, !stale else { return true }
        guard let window else { return false }
        let levelZero = hasFullLevelZero ? [] : [TileGrid.Key(level: 0, row: 0, column: 0)]
        return (levelZero + window.keys(in: tiles.grid)).contains {
            cache.tile($0, of: panorama.id) == nil && cache.failure($0, of: panorama.id) == nil
        }
    }

    /// Why some tiles are not shown sharp, for the status line; nil when none failed.
    package var note: String? {
        guard let (key, error) = failures.min(by: { $0.key.description < $1.key.description }) else { return nil }
        return failures.count == 1 ? "tile \(key) not loaded: \(error)" : "\(failures.count) tiles not loaded, e.g. \(key): \(error)"
    }

    /// Composes the window's layer on a worker and posts the panorama with it; one at a time.
    private mutating func compose(mailbox: ArrivalMailbox) {
        guard !composing else {
            stale = true
            return
        }
        composing = true
        stale = false
        let (grid, window, base, cache, id, composedID) = (tiles.grid, window, base, cache, panorama.id, composedID)
        let levelZero = hasFullLevelZero ? base.pyramid.image(level: 0) : nil
        DispatchQueue.global(qos: .userInitiated).async {
            var shown = base
            if let window {
                shown.detail =
                    DetailComposer.compose(grid: grid, window: window) { key in
                        key.level == 0 ? levelZero ?? cache.tile(key, of: id) : cache.tile(key, of: id)
                    }.layer
            }
            mailbox.post(.init(id: composedID, result: .success(shown)))
        }
    }
}
