import Datasets
import Explorer
import ExplorerSession
import Geocoding
import PanoCore
import PanoImage
import StreetMap
import StreetModel

/// Which panorama to open: an image file, or one panorama of a dataset chosen by id, by place,
/// or the dataset's start. Shared by the explorer and snapshots.
struct PanoramaSelection {
    var panoramaID: String?
    var place: Coordinate?
    /// Where to look instead when the dataset has no panorama `panoramaID` (a Google Maps URL
    /// names both: another dataset's panorama ids are not Google's).
    var placeIfUnknown: Coordinate?
    /// --find: a place the dataset names (`PlaceSearch`), or else a geocoder finds, to open facing.
    var find: String?
    /// --geocoder: the geocoder's address, or "off"; nil for Nominatim's public server.
    var geocoder: String?
    /// --basemap: the street map under the maps, or "off"; nil for the config's or the dataset's own.
    var basemap: String?
    /// True in the explorer: Panoramax pictures are named by their street (`pictureNamer`).
    var namesPictures = false
    /// The street map opened for the explorer (`openBasemap`): its house numbers name pictures,
    /// its places are markers and its names are searched (docs/places.md); nil for none.
    var streetMap: (any Basemap)?
    /// --demo: no geocoder unless one was given.
    var offlineOnly = false
    var radius = PanoramaService.defaultRadius
    var source = SourceFilter.default
    /// How a dataset on the web is fetched.
    var opener = DatasetOpener()

    /// --pano, --at, --radius and --source.
    static var options: [CommandOption<PanoramaSelection>] {
        [
            .text("--pano", "ID", help: "in a dataset, open the panorama with this id") { $0.panoramaID = $1 },
            .parsed(
                "--at", "LAT,LNG", help: "in a dataset, open the panorama nearest this place",
                parse: { (text) throws(OptionValueError) in
                    switch Coordinate.parse(text) {
                    case .success(let coordinate): return coordinate
                    case .failure(let error): throw .reason(error.message)
                    }
                }
            ) { $0.place = $1 },
            .text(
                "--find", "TEXT",
                help: "in a dataset, open facing the place it names so (a marker, an address, a street), or else the one a geocoder finds"
            ) {
                $0.find = $1
            },
            geocoderOption,
            basemapOption,
            .number("--radius", "M", in: 0...100_000, default: PanoramaService.defaultRadius, help: "with --at: how far to look, metres") {
                $0.radius = $1
            },
            .choice(
                "--source", "S", SourceFilter.allCases.map(\.rawValue),
                glosses: ["default": "indoor and outdoor", "outdoor": "outdoor only"],
                help: "with --at: which panoramas to look among"
            ) { $0.source = SourceFilter(rawValue: $1)! }
        ] + DatasetOpener.options.map { $0.lifted(into: \.opener) }
    }

    /// Checks combinations that make no sense.
    func validate() throws(UsageError) {
        if [panoramaID != nil, place != nil, find != nil].filter({ $0 }).count > 1 {
            throw UsageError(description: "--pano, --at and --find cannot be used together")
        }
    }

    /// What was opened: the panorama to show and words about it for the status line.
    struct Opened {
        var panorama: EquirectPanorama
        /// Short name: file name, or the panorama's description or id.
        var title: String
        /// Capture date and copyright, when known.
        var details: String?
        /// Where the panorama says to look first, and how wide, if it says.
        var initialView: InitialView?
        /// The dataset and the panorama in it, when one was opened.
        var dataset: (Dataset, Panorama)?
        /// The widest the panorama's image can be decoded within the limits, pixels round the circle.
        var widest: Int?
        /// The pixels round the circle it was decoded to at least, and a dataset's others will
        /// be (nil: the most the limits allow).
        var decodeWidth: Int?

        /// What the explorer walks through: the image alone, or the dataset from this panorama,
        /// whose decoded panoramas are kept within `cacheBytes`.
        func scenery(cacheBytes: Int) -> Scenery {
            guard let (dataset, start) = dataset else {
                return .image(panorama, title: [title, details].compactMap { $0 }.joined(separator: " · "))
            }
            // The start panorama, already decoded, is the cache's first entry: counted in its
            // budget, and not decoded again on the way back to it.
            // With tiled panoramas, a third of the budget is for their tiles (`TileCache`).
            let tiled = dataset.service.panoramas.contains { $0.tiles != nil }
            let cache = PanoramaCache(dataset: dataset, byteBudget: tiled ? cacheBytes / 3 * 2 : cacheBytes, minimumWidth: decodeWidth)
            cache.insert(panorama, for: start, widest: widest)
            return .dataset(dataset, start: start, image: panorama, cache: cache)
        }

        /// Bytes of decoded panoramas the explorer keeps by default: eight 2048×1024 panoramas
        /// with their mip levels (11 MB each).
        static let cacheBudget = 96 << 20
    }

    /// Opens `path`, an image or a dataset. `minimumWidth` and `limits` as for `PanoramaLoader.load`.
    func open(_ path: String, minimumWidth: Int? = nil, limits: DecodeLimits = .standard) throws(CommandError) -> Opened {
        try open(path, chosen: chooseInDataset(path), minimumWidth: minimumWidth, limits: limits)
    }

    /// As `open(_:minimumWidth:limits:)`, with the dataset and panorama `chooseInDataset` gave
    /// already (nil for an image), so the manifest is read once.
    func open(
        _ path: String, chosen: (Dataset, Panorama)?, minimumWidth: Int? = nil,
        limits: DecodeLimits = .standard
    ) throws(CommandError) -> Opened {
        guard let (dataset, chosen) = chosen else {
            do {
                let (panorama, widest, initialView) = try SinglePhoto.load(path, limits: limits, minimumWidth: minimumWidth)
                return Opened(
                    panorama: panorama, title: path.split(separator: "/").last.map(String.init) ?? path,
                    initialView: initialView, widest: widest, decodeWidth: minimumWidth)
            } catch {
                throw .panorama(error)
            }
        }
        do {
            let (panorama, widest) = try dataset.loadScaled(chosen, minimumWidth: minimumWidth, limits: limits)
            let details = [chosen.captureDate, chosen.copyright].compactMap { $0 }.joined(separator: " · ")
            return Opened(
                panorama: panorama, title: chosen.description ?? chosen.id, details: details.isEmpty ? nil : details,
                initialView: chosen.initialView, dataset: (dataset, chosen), widest: widest, decodeWidth: minimumWidth)
        } catch {
            throw .panorama(error)
        }
    }

    /// The dataset at `path` and the panorama chosen in it, without decoding any image; nil when
    /// `path` is an image (and no dataset option was given).
    func chooseInDataset(_ path: String) throws(CommandError) -> (Dataset, Panorama)? {
        guard DatasetOpener.isDataset(path) else {
            if panoramaID != nil || place != nil || find != nil {
                throw .usage(UsageError(description: "--pano, --at and --find choose within a dataset, and '\(path)' is an image"))
            }
            return nil
        }
        var dataset: Dataset
        let service = try StreetService(path: path, tiles: opener.mapillaryTiles)
        // A street-level service has no names of its own: a place named is found by the geocoder first.
        let geocoded = try service != nil ? find.flatMap { (text) throws(CommandError) in try geocode(text, dataset: path) } : nil
        if service != nil, let find, geocoded == nil { throw .placeNotFound(text: find, dataset: path) }
        if let service {
            let near = geocoded?.coordinate ?? place
            let within = geocoded == nil ? radius : max(radius, PlaceSearch.viewpointRadius)
            dataset = try opener.open(
                service, near: near, lookingAt: geocoded != nil, radius: within, picture: panoramaID, namer: pictureNamer())
        } else {
            do { dataset = try opener.open(path) } catch { throw .dataset(error) }
        }
        let chosen: Panorama
        if let panoramaID {
            // A sharded dataset's shards are read in turn until one holds it.
            let holding: Dataset?
            do { holding = try dataset.findingPanorama(id: panoramaID) } catch { throw .dataset(error) }
            if let holding, let found = holding.service.panorama(id: panoramaID) {
                (dataset, chosen) = (holding, found)
            } else if let placeIfUnknown {
                var byPlace = self
                (byPlace.panoramaID, byPlace.place, byPlace.placeIfUnknown) = (nil, placeIfUnknown, nil)
                return try byPlace.chooseInDataset(path)
            } else {
                throw .unknownPanorama(id: panoramaID, dataset: path)
            }
        } else if let place {
            do { dataset = try dataset.withShards(near: place, within: radius) ?? dataset } catch { throw .dataset(error) }
            guard let found = dataset.service.nearest(to: place, radius: radius, source: source) else {
                throw .noImagery(place: place, radius: radius, nearest: dataset.nearestImagery(to: place, source: source))
            }
            chosen = found
        } else if let geocoded {
            (dataset, chosen) = try Self.viewpoint(of: geocoded, in: dataset)
        } else if let find {
            (dataset, chosen) = try viewpoint(of: find, in: dataset, path: path)
        } else if let start = dataset.service.panorama(id: dataset.startID) {
            chosen = start
        } else {
            throw .usage(UsageError(description: "\(service?.name ?? path) has no start: give --at LAT,LNG or --pano ID"))
        }
        return (dataset, chosen)
    }

    /// The panorama to open for `--find TEXT` facing the place, and the dataset with the shards
    /// near it read: a place the dataset names (its names index, for a sharded one), else the
    /// geocoder's.
    private func viewpoint(of text: String, in dataset: Dataset, path: String) throws(CommandError) -> (Dataset, Panorama) {
        let start = dataset.service.panorama(id: dataset.startID)
        let best: PlaceMatch?
        do { best = try dataset.searchPlaces(text, near: start?.coordinate, limit: 1).first } catch { throw .dataset(error) }
        if let best {
            let near: Dataset
            do { near = try dataset.withShards(near: best.place.coordinate, within: PlaceSearch.viewpointRadius) ?? dataset } catch {
                throw .dataset(error)
            }
            if let (panorama, heading, _) = PlaceSearch.viewpoint(of: best.place, in: near.service, outdoors: true) {
                let height = best.place.kind == .marker ? near.service.markers.first { $0.id == best.place.id }?.height ?? 0 : 0
                return (near, Self.facing(panorama, heading: heading, subject: best.place, height: height))
            }
        }
        let geocoded: GeocodedPlace?
        do throws(CommandError) { geocoded = try geocode(text, dataset: path) } catch {
            // The dataset was searched: that it names no such place comes first.
            guard case .geocoder(let failure) = error else { throw error }
            throw .searchNotMade(text: text, dataset: path, reason: failure.brief)
        }
        guard let geocoded else { throw .placeNotFound(text: text, dataset: path) }
        return try Self.viewpoint(of: geocoded, in: dataset)
    }
}
