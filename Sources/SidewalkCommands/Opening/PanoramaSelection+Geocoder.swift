import Datasets
import Explorer
import Geocoding
import PanoCore
import RemoteData
import StreetMap
import StreetModel
import TextSafety

/// `--find` on the web: when the dataset names no such place, a geocoder is asked (Nominatim by
/// default, `--geocoder URL`; docs/search.md), and the panorama nearest its answer opens facing it.
extension PanoramaSelection {
    /// --geocoder: where to ask, or "off".
    static var geocoderOption: CommandOption<PanoramaSelection> {
        .text(
            "--geocoder", "URL|off",
            help: "where --find asks when the dataset names no such place: a Nominatim server (default "
                + "\(Geocoder.defaultAddress)), a Photon server's /api, or off"
        ) { $0.geocoder = $1 }
    }

    /// The geocoder `--find` may ask, or nil when it may not (`--geocoder off`, or `--demo` with
    /// none given, so a public demo sends nothing anywhere unless its owner says so).
    func onlineGeocoder(timeout: Double? = nil) -> Geocoder? {
        switch geocoder {
        case "off": return nil
        case nil where offlineOnly: return nil
        default:
            var cacheOpener = opener
            cacheOpener.retries = 1
            // An answer trickled a byte a second is never stalled: each request has its own end.
            cacheOpener.requestSeconds = Geocoder.requestSeconds
            if let timeout { (cacheOpener.timeout, cacheOpener.retries) = (min(timeout, cacheOpener.timeout), 0) }
            return Geocoder(address: geocoder ?? Geocoder.defaultAddress, cache: cacheOpener.cache())
        }
    }

    /// The longest a street name may hold up a picture, seconds: a name is a nicety, so a slow
    /// geocoder leaves the picture named by its coordinates instead of delaying it.
    static let namingTimeout = 3.0

    /// What names a service's pictures in the explorer: the street map's house numbers
    /// (`PlacesAround.address`), then the geocoder's reverse lookups, when one may be asked
    /// (docs/panoramax.md, docs/places.md).
    func pictureNamer() -> PictureNamer? {
        guard namesPictures else { return nil }
        let geocoder = onlineGeocoder(timeout: Self.namingTimeout).map { geocoder in
            { @Sendable (place: Coordinate) in try? geocoder.reverse(place) }
        }
        let address = streetMap.map { map in
            { @Sendable (place: Coordinate) in PlacesAround.address(at: place, of: map) }
        }
        return geocoder == nil && address == nil ? nil : PictureNamer(address: address, lookUp: geocoder)
    }

    /// Where the explorer's `/` and `:find` look beyond the names in memory: `dataset`'s names
    /// index (a sharded dataset's), then the street map's names near you, then the web
    /// (`webSearch`); and the street map's places around you, as markers (docs/places.md).
    func lookup(in dataset: Dataset?) -> PlaceLookup {
        let indexed = dataset.flatMap { $0.shards?.names == nil ? nil : $0 }
        let map = streetMap
        let names = Self.namesSearch(index: indexed, streetMap: map)
        let places = map.map { map in
            { @Sendable (here: Coordinate, waiting: Bool) in
                PlacesAround.markers(around: here, within: Navigation.markerRange, of: map, waits: waiting)
            }
        }
        return PlaceLookup(names: names, web: webSearch(), placesAround: places)
    }

    /// Searches `index` (a sharded dataset's names), then `streetMap`'s names near where the
    /// search is made; nil when there is neither.
    private static func namesSearch(index: Dataset?, streetMap: (any Basemap)?)
        -> (@Sendable (String, Coordinate?) -> Result<[PlaceMatch], SearchFailure>)?
    {
        guard index != nil || streetMap != nil else { return nil }
        return { (text: String, near: Coordinate?) -> Result<[PlaceMatch], SearchFailure> in
            if let index {
                do throws(DatasetError) {
                    let found = try index.searchPlaces(text, near: near)
                    if !found.isEmpty { return .success(found) }
                } catch {
                    return .failure(SearchFailure("names not searched: " + error.description))
                }
            }
            guard let streetMap, let near else { return .success([]) }
            return .success(PlaceSearch.search(text, in: PlacesAround.names(near: near, of: streetMap), near: near))
        }
    }

    /// The web search the explorer's `/` and `:find` fall back on when the dataset names no such
    /// place: the geocoder `--find` asks (docs/search.md), or nil when none may be asked.
    private func webSearch() -> WebSearch? {
        guard let geocoder = onlineGeocoder() else { return nil }
        return WebSearch(attribution: Geocoder.attribution) { text in
            do throws(GeocoderError) {
                let places = try geocoder.search(text)
                return .success(places.map { FoundPlace(name: $0.name, kind: $0.kind, address: $0.address, coordinate: $0.coordinate) })
            } catch {
                return .failure(SearchFailure(error.brief))
            }
        }
    }

    /// The place the geocoder finds for `text`, said on standard error with its source and
    /// attribution; nil when it finds none. `placeNotFound` names `dataset` then.
    func geocode(_ text: String, dataset path: String) throws(CommandError) -> GeocodedPlace? {
        guard let geocoder = onlineGeocoder() else { return nil }
        let found: [GeocodedPlace]
        do { found = try geocoder.search(text) } catch { throw .geocoder(error) }
        guard let best = found.first else { return nil }
        let kind = best.kind.isEmpty ? "" : " (\(best.kind))"
        writeStandardError(
            TextSanitizer.sanitize("sidewalk: found \(best.address.isEmpty ? best.name : best.address)\(kind) at \(best.coordinate), ")
                + "by \(geocoder.address), \(Geocoder.attribution)\n")
        return best
    }

    /// The panorama nearest `place` in `dataset` (its shards near it read), within
    /// `PlaceSearch.viewpointRadius`, facing it; and the dataset with those shards.
    static func viewpoint(of place: GeocodedPlace, in dataset: Dataset) throws(CommandError) -> (Dataset, Panorama) {
        let near: Dataset
        do { near = try dataset.withShards(near: place.coordinate, within: PlaceSearch.viewpointRadius) ?? dataset } catch {
            throw .dataset(error)
        }
        let named = NamedPlace(name: place.name, kind: .marker, coordinate: place.coordinate)
        guard let view = PlaceSearch.viewpoint(of: named, in: near.service, outdoors: true) else {
            throw .noImagery(
                place: place.coordinate, radius: PlaceSearch.viewpointRadius, nearest: near.nearestImagery(to: place.coordinate))
        }
        // The place found is a pin: said on arrival ("Town Hall 90 m ahead"), and on the map.
        let pin = Marker(id: "found-place", coordinate: place.coordinate, title: place.name, snippet: place.address)
        return (near.marking(pin), facing(view.panorama, heading: view.heading, subject: named))
    }

    /// `panorama` with its initial view turned to `heading` (its pitch and field of view kept, level),
    /// facing `subject`, the place found, which the arrival names.
    static func facing(_ panorama: Panorama, heading: Double?, subject place: NamedPlace, height: Double = 0) -> Panorama {
        var turned = panorama
        // A tall marker (a tower) is framed: the view tilts up so its top is on screen.
        let pitch = PlaceSearch.framingPitch(height: height, distance: panorama.coordinate.distance(to: place.coordinate))
        let orientation = heading.map { Orientation(heading: $0, pitch: pitch) }
        turned.initialView = InitialView(
            orientation: orientation ?? panorama.initialView?.orientation,
            fieldOfView: panorama.initialView?.fieldOfView, roll: heading == nil ? panorama.initialView?.roll : nil,
            subject: InitialView.Subject(name: place.name, coordinate: place.coordinate))
        return turned
    }
}
