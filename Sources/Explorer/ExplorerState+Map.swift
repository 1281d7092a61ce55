import PanoCore
import StreetModel

#if canImport(Glibc)
import Glibc
#endif

/// The minimap (`m`) and the full-screen map (`M`, `:map`): opening it, moving its cursor,
/// stepping through places, and going to the panorama nearest the cursor.
extension ExplorerState {
    /// The panoramas within `radius` metres of `place`, nearest first: what the map draws. Empty
    /// for a single image.
    package func panoramas(near place: Coordinate, radius: Double) -> [Panorama] {
        navigation.service?.panoramas(near: place, radius: radius).map(\.panorama) ?? []
    }

    /// The places within `radius` metres of where you stand, nearest first, one panorama each:
    /// another capture of a place already listed or of where you stand (within 3 m, in the same
    /// building and on the same level) is left out, the capture of your own date kept before
    /// others, so the map's words and Tab name each place once.
    func distinctPlaces(within radius: Double) -> [Panorama] {
        guard let here = panorama else { return [] }
        func key(_ candidate: Panorama) -> (Int, Int) {
            (Int(here.coordinate.distance(to: candidate.coordinate).rounded()), candidate.captureDate == here.captureDate ? 0 : 1)
        }
        var kept = [here]
        for candidate in panoramas(near: here.coordinate, radius: radius).sorted(by: { key($0) < key($1) }) {
            let twin = kept.contains {
                $0.coordinate.distance(to: candidate.coordinate) < 3 && $0.building == candidate.building && $0.level == candidate.level
            }
            if !twin { kept.append(candidate) }
        }
        return Array(kept.dropFirst())
    }

    /// The panorama Enter on the map goes to: the one Tab stopped at while the cursor is still
    /// there, else the nearest to the cursor within the jump radius (outdoors first when you
    /// stand outdoors, as `:near`).
    func mapTarget() -> Panorama? {
        guard let mode = map, let service = navigation.service else { return nil }
        if let stop = mode.stop, mode.stops[stop].coordinate == mode.cursor, let id = mode.stops[stop].panoramaID {
            return service.panorama(id: id)
        }
        let outdoors = (panorama?.source ?? .outdoor) == .outdoor
        return service.nearest(to: mode.cursor, radius: mode.jumpRadius, fromOutdoors: outdoors)
    }

    /// Opens the map at where you stand, and says what is around.
    mutating func openMap() {
        guard let here = panorama?.coordinate else {
            note = "no map: a single image has no place"
            return
        }
        let panoramaStops = distinctPlaces(within: 500).map {
            (MapMode.Stop(name: $0.description ?? $0.id, coordinate: $0.coordinate, panoramaID: $0.id), here.distance(to: $0.coordinate))
        }
        let markerStops = markers.map {
            (MapMode.Stop(name: $0.title, coordinate: $0.coordinate, panoramaID: nil), here.distance(to: $0.coordinate))
        }
        let stops = (panoramaStops + markerStops).sorted { $0.1 < $1.1 }.prefix(MapMode.stopCount).map(\.0)
        map = MapMode(cursor: here, metresPerDot: MapMode.openingScale, stops: stops)
        note = MapWords.opening(of: self)
    }

    /// A key while the map is open; true when what is shown changed.
    mutating func handleInMap(_ key: Key) -> Bool {
        guard var mode = map else { return false }
        let step = MapMode.stepDots * mode.metresPerDot
        switch key {
        case .left, .character("h"): mode.cursor = mode.cursor.offset(by: step, bearing: 270)
        case .right, .character("l"): mode.cursor = mode.cursor.offset(by: step, bearing: 90)
        case .up, .character("k"): mode.cursor = mode.cursor.offset(by: step, bearing: 0)
        case .down, .character("j"): mode.cursor = mode.cursor.offset(by: step, bearing: 180)
        case .character("+"), .character("="):
            mode.metresPerDot = max(MapMode.scales.lowerBound, mode.metresPerDot / 2)
            map = mode
            note = "Map scale \(MapWords.scale(mode))."
            return true
        case .character("-"), .character("_"):
            mode.metresPerDot = min(MapMode.scales.upperBound, mode.metresPerDot * 2)
            map = mode
            note = "Map scale \(MapWords.scale(mode))."
            return true
        case .tab, .backTab:
            guard !mode.stops.isEmpty else {
                note = "nothing near to go to"
                return true
            }
            let next = ((mode.stop ?? (key == .tab ? -1 : 0)) + (key == .tab ? 1 : -1) + mode.stops.count) % mode.stops.count
            mode.stop = next
            mode.cursor = mode.stops[next].coordinate
            map = mode
            note = mode.stops[next].name + ". " + MapWords.cursor(in: self)
            return true
        case .enter: return jumpToCursor()
        case .character("r"):
            note = MapWords.reading(of: self)
            return true
        case .character("/"), .character(":"):
            commandEditor.open(with: key == .character("/") ? "find " : "")
            note = nil
            return true
        case .escape, .character("M"): return closeMap()
        case .character("q"), .character("Q"), .control("c"):
            isFinished = true
            return true
        default: return false
        }
        map = mode
        note = MapWords.cursor(in: self)
        return true
    }

    /// Moves the full map as a drag of `columns`×`rows` cells does (2 and 4 dots a cell).
    mutating func panMap(columns: Int, rows: Int) {
        guard var mode = map else { return }
        let (east, north) = (-Double(columns * 2) * mode.metresPerDot, Double(rows * 4) * mode.metresPerDot)
        let distance = (east * east + north * north).squareRoot()
        guard distance > 0 else { return }
        mode.cursor = mode.cursor.offset(by: distance, bearing: Degrees.degrees(fromRadians: atan2(east, north)))
        map = mode
        note = MapWords.cursor(in: self)
    }

    /// Closes the map, back to the view.
    mutating func closeMap() -> Bool {
        guard map != nil else { return false }
        map = nil
        note = "Map closed."
        return true
    }

    /// Goes to the panorama nearest the cursor within the jump radius, closing the map; says
    /// so when there is none (errorOnMoveNearCoordinate), and stays.
    private mutating func jumpToCursor() -> Bool {
        guard let mode = map else { return false }
        if let refusal = gestures.refusal(of: .walkForward) {
            note = refusal
            return true
        }
        guard let target = mapTarget() else {
            if imageryCanBeRead, jumpPending != mode.cursor {
                // Not read yet, perhaps: the front reads what is there, then `imageryRead` goes.
                (imageryAsked, jumpPending) = (mode.cursor, mode.cursor)
                note = "Looking for imagery there…"
            } else {
                performUntimed(.near(mode.cursor, radius: mode.jumpRadius, source: .default), at: nil)
            }
            return true
        }
        map = nil
        // Facing what the cursor was on (a place found, a marker), unless it is the panorama itself.
        let apart = target.coordinate.distance(to: mode.cursor) >= 2
        move(to: target, facing: apart ? target.coordinate.bearing(to: mode.cursor) : nil)
        note = nil  // the map's words are done with: the view arrives with its own
        events.append(.didMoveToPanoramaNearCoordinate(id: target.id, coordinate: mode.cursor))
        return true
    }

    /// The place a front should read imagery near, once; nil when none was asked.
    package mutating func takeImageryAsked() -> Coordinate? {
        defer { imageryAsked = nil }
        return imageryAsked
    }

    /// The front read what there is near `place` (grown already): the place found or the map's
    /// Enter that waits for it goes there now, or says there is nothing (errorOnMoveNearCoordinate).
    package mutating func imageryRead(near place: Coordinate) {
        if let pending = placePending, pending.place.coordinate == place, let service = navigation.service {
            _ = goToView(of: pending.place, in: service, alsoFound: pending.others)
            return
        }
        guard jumpPending == place, map?.cursor == place else { return }
        note = nil  // "Looking for imagery there…" is answered by the arrival, or by why not
        _ = jumpToCursor()
        jumpPending = nil
    }
}
