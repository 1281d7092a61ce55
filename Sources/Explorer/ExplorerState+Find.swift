import PanoCore
import StreetModel

/// Finding a place by name (`:find TEXT`, `/`, `--find`): the dataset's own names, offline.
extension ExplorerState {
    /// Finds `text` among the places the dataset names (`PlaceSearch`) and goes to the panorama
    /// nearest the best one (of the kind of place you stand in: outdoors, an outdoor one), facing
    /// it; the note says what was found and how far ahead. On the map, it moves the map's cursor
    /// there instead. The place found, or nil (the note says why).
    @discardableResult
    package mutating func find(_ text: String) -> PlaceMatch? {
        guard let service = navigation.service else {
            note = "no dataset to search"
            return nil
        }
        let matches = PlaceSearch.search(text, in: PlaceSearch.places(in: service), near: panorama?.coordinate)
        guard let best = matches.first else {
            if webSearchAllowed, map == nil {
                webSearchAsked = text
                note = "Nothing named '\(text)' in this dataset; searching the web…"
            } else {
                note = "Nothing named '\(text)' in this dataset"
            }
            return nil
        }
        if var mode = map {
            // On the map, the search moves the cursor to the place; Enter then goes there.
            mode.cursor = best.place.coordinate
            mode.stop = nil
            map = mode
            note = "\(best.place.name). " + MapWords.cursor(in: self)
            return best
        }
        let others = matches.dropFirst().prefix(2).map(\.place.name)
        return goToView(of: best.place, in: service, alsoFound: others) ? best : nil
    }

    /// Goes to the panorama nearest `place` (outdoors when you stand outdoors), facing it, and
    /// says what and where ("Bakery Korn, 8 m ahead · also: …"); or says there is no imagery near
    /// it and where the nearest is. True when it went.
    mutating func goToView(of place: NamedPlace, in service: PanoramaService, alsoFound others: [String] = []) -> Bool {
        let outdoors = (panorama?.source ?? .outdoor) == .outdoor
        guard let (target, facing, distance) = PlaceSearch.viewpoint(of: place, in: service, outdoors: outdoors) else {
            let nearest = NearestImagery(from: place.coordinate, among: service.panoramas)
            note = "\(place.name): no imagery within \(Int(PlaceSearch.viewpointRadius)) m" + (nearest.map { "; \($0)" } ?? "")
            return false
        }
        finishAnimation()
        if target.id != panorama?.id {
            arrive(at: target, facing: facing)
            events.append(.willMoveToPanorama(id: target.id))
            events.append(.didMoveToPanorama(id: target.id))
        } else if let facing {
            _ = reportingCamera { $0.camera.heading = facing }
        }
        note =
            "\(place.name), " + (facing != nil ? "\(Int(distance.rounded())) m ahead" : "here")
            + (others.isEmpty ? "" : " · also: " + others.joined(separator: "; "))
        return true
    }
}
