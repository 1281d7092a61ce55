import PanoCore
import StreetModel

/// Finding a place by name (`:find TEXT`, `/`, `--find`): the dataset's own names and the street
/// map's places around you first (those in memory), then a sharded dataset's names index and the
/// street map's names farther off (`PlaceLookup.names`), then the web.
extension ExplorerState {
    /// Finds `text` among the places the dataset names (`PlaceSearch`) and goes to the panorama
    /// nearest the best one (`show`). A name not in memory is asked of the front (`takeSearch`):
    /// the dataset's names index when it has one, else the web when a geocoder may be asked.
    package mutating func find(_ text: String) {
        guard let service = navigation.service else {
            note = "no dataset to search"
            return
        }
        let near = map?.cursor ?? panorama?.coordinate
        // The dataset's names, and the street map's places around you (`markers` holds both).
        let matches = PlaceSearch.search(text, in: PlaceSearch.places(panoramas: service.panoramas, markers: markers), near: near)
        if !matches.isEmpty {
            show(matches, in: service)
        } else if namesIndexed {
            searchAsked = .names(text, near: near)
            note = "Searching this dataset's names for '\(text)'…"
        } else {
            searchWeb(for: text)
        }
    }

    /// The search a front should make, once; nil when none was asked.
    package mutating func takeSearch() -> SearchAsked? {
        defer { searchAsked = nil }
        return searchAsked
    }

    /// Shows what the dataset's names index found for `query` (`show`); with nothing found, asks
    /// the web as `find` would.
    package mutating func showNamesFound(_ result: Result<[PlaceMatch], SearchFailure>, for query: String) {
        switch result {
        case .failure(let failure): note = failure.description
        case .success(let matches) where matches.isEmpty: searchWeb(for: query)
        case .success(let matches):
            guard let service = navigation.service else { return }
            show(matches, in: service)
        }
    }

    /// Asks the front to search the web for `text`, or says the dataset names nothing so.
    private mutating func searchWeb(for text: String) {
        if webSearchAllowed, map == nil {
            searchAsked = .web(text)
            note = "Nothing named '\(text)' in this dataset; searching the web…"
        } else {
            note = "Nothing named '\(text)' in this dataset"
        }
    }

    /// Goes to the best of `matches` (of the kind of place you stand in: outdoors, an outdoor
    /// one), facing it, naming two others; on the map, moves the map's cursor there instead.
    private mutating func show(_ matches: [PlaceMatch], in service: PanoramaService) {
        guard let best = matches.first else { return }
        if var mode = map {
            // On the map, the search moves the cursor to the place; Enter then goes there.
            mode.cursor = best.place.coordinate
            mode.stop = nil
            map = mode
            note = "\(best.place.name). " + MapWords.cursor(in: self)
            return
        }
        let others = matches.dropFirst().prefix(2).map(\.place.name)
        _ = goToView(of: best.place, in: service, alsoFound: others)
    }

    /// Goes to the panorama nearest `place` (outdoors when you stand outdoors), facing it, and
    /// says what and where ("Bakery Korn, 8 m ahead · also: …"). With no panorama near it in
    /// memory, asks the front to read the imagery there first when it can (and goes when it is
    /// read, `imageryRead`); else says there is no imagery near it and where the nearest is.
    /// True when it went.
    mutating func goToView(of place: NamedPlace, in service: PanoramaService, alsoFound others: [String] = []) -> Bool {
        let outdoors = (panorama?.source ?? .outdoor) == .outdoor
        guard let (target, facing, distance) = PlaceSearch.viewpoint(of: place, in: service, outdoors: outdoors) else {
            if imageryCanBeRead, placePending?.place != place {
                (placePending, imageryAsked) = ((place, others), place.coordinate)
                note = "\(place.name): looking for imagery there…"
                return false
            }
            placePending = nil
            let nearest = NearestImagery(from: place.coordinate, among: service.panoramas)
            note = "\(place.name): no imagery within \(Int(PlaceSearch.viewpointRadius)) m" + (nearest.map { "; \($0)" } ?? "")
            return false
        }
        placePending = nil
        finishAnimation()
        // A tall marker (a tower) is framed: the view tilts up so its top is on screen.
        let height = place.kind == .marker ? markers.first { $0.id == place.id }?.height ?? 0 : 0
        let pitch = facing == nil ? camera.pitch : PlaceSearch.framingPitch(height: height, distance: distance)
        if target.id != panorama?.id {
            arrive(at: target, facing: facing)
            camera.pitch = pitch
            events.append(.willMoveToPanorama(id: target.id))
            events.append(.didMoveToPanorama(id: target.id))
        } else if let facing {
            _ = reportingCamera {
                $0.camera.heading = facing
                $0.camera.pitch = pitch
            }
        }
        note =
            "\(place.name), " + (facing != nil ? "\(Int(distance.rounded())) m ahead" : "here")
            + (others.isEmpty ? "" : " · also: " + others.joined(separator: "; "))
        return true
    }
}
