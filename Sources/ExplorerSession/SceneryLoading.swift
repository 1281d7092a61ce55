import Datasets
import Dispatch
import Explorer
import PanoCore
import PanoImage
import StreetModel
import SystemIO
import TermRender

/// What a front shows and what it is loading: the decoded panorama on screen, the one being
/// decoded for it, the one being left while a transition blends away, and the loaders that feed
/// them (a sharper decode, a tiled panorama's detail, a dataset that grows as the walk goes), all
/// through one `ArrivalMailbox` the loop polls. The loop never waits on a decode: a panorama not
/// in memory is loaded on a loader thread and shown when it arrives; until then the last one stays.
package struct SceneryLoading {
    private let scenery: Scenery
    private let mailbox: ArrivalMailbox
    /// Readable (for the loop's poll) when something has arrived.
    package var descriptor: Int32 { mailbox.descriptor }
    /// The decoded panorama on screen.
    package private(set) var panorama: EquirectPanorama
    /// The id of the panorama on screen; nil for a single image.
    package private(set) var shownID: String?
    /// The panorama being decoded for the screen, if any.
    package private(set) var loadingID: String?
    /// The decoded panorama being left, while a transition blends away from it.
    package private(set) var leaving: (id: String, image: EquirectPanorama)?
    /// What the status line says of the picture (loading, coarser tiles); nil when nothing.
    package private(set) var loadNote: String?
    private var sharper: SharperDecode?
    /// A tiled panorama's detail (its level 0 is the image).
    private var tiled: TiledDetail?
    /// The tiles get half as much memory as the panorama cache, a third of the whole budget.
    private let tileCache: TileCache?
    /// A sharded dataset's shards or Panoramax's pictures, read as the walk comes near them.
    private var growing: DatasetFollower?
    /// How many times more of a map layer has arrived (`mapDataArrived`): what was read of the
    /// street map before may have been less than it holds now.
    package private(set) var mapArrivals = 0

    /// Shown while the panorama walked to is being decoded.
    package static let loadingNote = "loading this panorama…"

    /// Loading for `scenery`, whose first panorama `state` stands on; `sharper` decodes a single
    /// image larger when the view needs it.
    package init(scenery: Scenery, state: ExplorerState, sharper: SharperDecode?) throws(SelfPipe.Failure) {
        self.scenery = scenery
        mailbox = try ArrivalMailbox()
        shownID = state.panorama?.id
        switch scenery {
        case .image(let image, _):
            (panorama, self.sharper, tileCache) = (image, sharper, nil)
        case .dataset(let dataset, let start, let image, let cache):
            panorama = image
            tileCache = TileCache(dataset: dataset, byteBudget: cache.byteBudget / 2)
            growing = DatasetFollower(dataset)
            tiled = tileCache.flatMap { TiledDetail(start, base: image, cache: $0) }
            self.sharper = tiled == nil ? SharperDecode.of(start, shown: image, in: dataset, cache: cache) : nil
            cache.prefetchNeighbours(of: start, in: dataset.service)
        }
    }

    /// After a frame: asks for a sharper decode or finer tiles when the view (`view`, drawn over
    /// `columns` cells in `symbols`, `rendered` pixels) needs them.
    package mutating func frameDrawn(
        view: RGBImage?, columns: Int, symbols: SymbolSet, camera: PanoramaCamera,
        rendered: (width: Int, height: Int)
    ) {
        let mailbox = self.mailbox
        sharper?.ask(view: view, columns: columns, symbols: symbols, camera: camera, mailbox: mailbox)
        tiled?.ask(width: rendered.width, height: rendered.height, camera: camera, mailbox: mailbox)
    }

    /// True while a sharper decode or finer tiles for the view on screen are on their way: the
    /// picture will change without a key, so the view has not settled.
    package var isRefining: Bool {
        sharper?.isDecoding == true || tiled?.isRefining == true
    }

    /// The transition has ended: nothing is being left.
    package mutating func transitionEnded() {
        leaving = nil
    }

    /// What taking the arrivals changed for the front.
    package struct Change: Equatable {
        /// Something on screen changed: draw again.
        package var redraw = false
        /// The picture itself changed: a pixel picture must be sent again.
        package var newPicture = false
    }

    /// True when more of the dataset can be read near a place (the map's Enter).
    package var readsImagery: Bool { growing != nil }

    /// Reads the imagery near `place`, off the loop; the map's Enter waiting for it goes there
    /// when it arrives (`takeArrivals`).
    package mutating func readImagery(near place: Coordinate) {
        let mailbox = self.mailbox
        growing?.read(near: place, mailbox: mailbox)
    }

    /// What a map layer fetching off the loop calls when more of it arrives: the loop wakes and
    /// draws the map again.
    package var mapDataArrived: @Sendable () -> Void {
        let mailbox = self.mailbox
        return { mailbox.post(.init(id: "map", payload: .mapData)) }
    }

    /// Makes the search `asked` with `lookup`, off the loop; the places arrive with the rest
    /// (`takeArrivals`), and are shown then.
    package func search(_ asked: SearchAsked, with lookup: PlaceLookup) {
        let mailbox = self.mailbox
        switch asked {
        case .names(let text, let near):
            guard let names = lookup.names else { return }
            DispatchQueue.global(qos: .userInitiated).async {
                mailbox.post(.init(id: "names-search", payload: .namesFound(query: text, names(text, near))))
            }
        case .web(let text):
            guard let web = lookup.web else { return }
            BlockingThread.start(name: "sidewalk-geocode") {
                let found = web.search(text)
                mailbox.post(.init(id: "web-search", payload: .placesFound(query: text, attribution: web.attribution, found)))
            }
        }
    }

    /// Takes what has arrived (decodes, tiles, more of the dataset) and starts loading the
    /// panorama `state` stands on when it is not the one shown. A panorama that cannot be
    /// decoded is not arrived at: `state` goes back to the one on screen and says why (its
    /// events are left for the loop to take).
    package mutating func takeArrivals(into state: inout ExplorerState, at now: Double) -> Change {
        var change = Change()
        let arrivals = mailbox.take()
        for arrival in arrivals {
            switch arrival.payload {
            case .placesFound(let query, let attribution, let result):
                state.showFound(result, for: query, attribution: attribution)
                change.redraw = true
            case .namesFound(let query, let result):
                state.showNamesFound(result, for: query)
                change.redraw = true
            case .mapData:
                mapArrivals += 1
                change.redraw = change.redraw || state.map != nil || state.minimapShown
            default: continue
            }
        }
        let (service, near) = growing?.arrived(from: arrivals) ?? (nil, nil)
        if let service {
            // The ways and the map may show more, or fewer (a way to a picture left out).
            state.grow(.larger(service), at: now)
            change.redraw = true
        }
        if let failure = growing?.takeFailure() { state.grow(.notRead(failure), at: now) }
        if let near {
            state.imageryRead(near: near)
            change.redraw = true
        }
        let mailbox = self.mailbox
        growing?.follow(state.panorama, mailbox: mailbox)
        state.waysBeingRead(growing?.isReadingWays(of: state.panorama) ?? false)
        if let image = sharper?.arrived(from: arrivals) {
            (panorama, loadNote) = (image, nil)
            change = Change(redraw: true, newPicture: true)
        }
        if let image = tiled?.arrived(from: arrivals, mailbox: mailbox), tiled?.panorama.id == shownID {
            (panorama, loadNote) = (image, tiled?.note)
            change = Change(redraw: true, newPicture: true)
        }
        if case .dataset(let dataset, _, _, let cache) = scenery {
            takePanoramas(arrivals, dataset: dataset, cache: cache, into: &state, at: now, change: &change)
        }
        return change
    }

    /// The panorama decoded for the screen, or its failure; then the next one to load.
    private mutating func takePanoramas(
        _ arrivals: [ArrivalMailbox.Arrival], dataset: Dataset, cache: PanoramaCache,
        into state: inout ExplorerState, at now: Double, change: inout Change
    ) {
        for arrival in arrivals where arrival.id == loadingID {
            loadingID = nil
            guard let current = state.panorama, current.id == arrival.id else { continue }
            switch arrival.result {
            case nil: continue
            case .success(let image)?:
                show(image, of: current, dataset: dataset, cache: cache, ahead: state.wayAhead(steps: Self.playAhead), change: &change)
            case .failure(let error)?:
                // Not shown, so not arrived: the state goes back to the panorama on screen.
                loadNote = nil
                state.cannotShow(current.id, reason: error.description, at: now)
                change.redraw = true
            }
        }
        if loadingID != nil, state.panorama?.id == shownID {
            // Back on the panorama shown before the one being loaded arrived: nothing is
            // loading for the screen any more (the load still fills the cache).
            loadingID = nil
            loadNote = nil
            change.redraw = true
        }
        if let current = state.panorama, current.id != shownID, current.id != loadingID {
            if let ready = cache.cached(current) {
                show(ready, of: current, dataset: dataset, cache: cache, ahead: state.wayAhead(steps: Self.playAhead), change: &change)
            } else {
                loadingID = current.id
                loadNote = Self.loadingNote
                change.redraw = true
                cache.load(current) { [mailbox] result in mailbox.post(.init(id: current.id, result: result)) }
            }
        }
    }

    /// Steps ahead of a playing sequence whose pictures are decoded before they are reached.
    static let playAhead = 3

    /// Puts `image`, the decoded `current`, on screen, the one shown before it being left; the
    /// cache decodes `ahead` (a player's next steps), then the neighbours.
    private mutating func show(
        _ image: EquirectPanorama, of current: Panorama, dataset: Dataset, cache: PanoramaCache, ahead: [Panorama],
        change: inout Change
    ) {
        if let shownID { leaving = (shownID, panorama) }
        panorama = image
        loadNote = nil
        shownID = current.id
        tiled = tileCache.flatMap { TiledDetail(current, base: image, cache: $0) }
        sharper = tiled == nil ? SharperDecode.of(current, shown: image, in: dataset, cache: cache) : nil
        cache.prefetchNeighbours(of: current, in: growing?.dataset.service ?? dataset.service, ahead: ahead)
        change.redraw = true
    }
}
