import PanoCore

/// Answers where imagery is, like GMSPanoramaService and Look Around's scene requests: by id,
/// or near a coordinate within a radius. "Nothing there" is a normal answer (nil or empty), not
/// a failure.
package struct PanoramaService: Sendable {
    /// Radius used when none is given, metres (Street View's default).
    package static let defaultRadius = 50.0

    package let panoramas: [Panorama]
    package let markers: [Marker]
    private let byID: [String: Int]
    /// Positions of the panoramas inside each building, so a floor lookup (made every frame for
    /// the floor picker) reads one building rather than the whole dataset.
    private let byBuilding: [String: [Int]]
    private let index: SpatialIndex

    /// A service over panoramas with unique ids (the manifest loader checks that).
    package init(panoramas: [Panorama], markers: [Marker] = []) {
        self.panoramas = panoramas
        self.markers = markers
        var byID: [String: Int] = [:]
        var byBuilding: [String: [Int]] = [:]
        var index = SpatialIndex()
        for (position, panorama) in panoramas.enumerated() {
            byID[panorama.id] = position
            if let building = panorama.building { byBuilding[building, default: []].append(position) }
            index.insert(panorama.coordinate)
        }
        self.byID = byID
        self.byBuilding = byBuilding
        self.index = index
    }

    /// The panorama with this id, or nil.
    package func panorama(id: String) -> Panorama? {
        byID[id].map { panoramas[$0] }
    }

    /// Panoramas within `radius` metres of `coordinate` that `source` admits, nearest first.
    package func panoramas(
        near coordinate: Coordinate, radius: Double = PanoramaService.defaultRadius,
        source: SourceFilter = .default
    ) -> [(panorama: Panorama, distance: Double)] {
        index.near(coordinate, radius: radius)
            .map { (panoramas[$0.handle], $0.distance) }
            .filter { source.admits($0.0.source) }
    }

    /// The nearest panorama within `radius` metres that `source` admits, or nil when there is no
    /// imagery there.
    package func nearest(
        to coordinate: Coordinate, radius: Double = PanoramaService.defaultRadius,
        source: SourceFilter = .default
    ) -> Panorama? {
        panoramas(near: coordinate, radius: radius, source: source).first?.panorama
    }

    /// The nearest panorama within `radius` metres for someone standing outdoors (an outdoor one
    /// when there is one within the radius, else any) or not (any), or nil.
    package func nearest(to coordinate: Coordinate, radius: Double, fromOutdoors outdoors: Bool) -> Panorama? {
        (outdoors ? nearest(to: coordinate, radius: radius, source: .outdoor) : nil) ?? nearest(to: coordinate, radius: radius)
    }

    /// Other captures of the same place (within `radius` metres, same source, building and
    /// level, a different date), for time travel; sorted by date.
    package func otherDates(of panorama: Panorama, radius: Double = 3) -> [Panorama] {
        panoramas(near: panorama.coordinate, radius: radius)
            .map(\.panorama)
            .filter {
                $0.id != panorama.id && $0.captureDate != panorama.captureDate && $0.source == panorama.source
                    && $0.building == panorama.building && $0.level == panorama.level
            }
            .sorted { ($0.captureDate ?? "") < ($1.captureDate ?? "") }
    }

    /// For a panorama in a building: the nearest panorama on each other level of that building,
    /// sorted by level.
    package func otherLevels(of panorama: Panorama) -> [Panorama] {
        guard let building = panorama.building, let level = panorama.level else { return [] }
        var nearestByLevel: [Int: (Panorama, Double)] = [:]
        for candidate in (byBuilding[building] ?? []).map({ panoramas[$0] }) {
            guard let other = candidate.level, other != level else { continue }
            let distance = panorama.coordinate.distance(to: candidate.coordinate)
            if nearestByLevel[other].map({ distance < $0.1 }) ?? true { nearestByLevel[other] = (candidate, distance) }
        }
        return nearestByLevel.keys.sorted().map { nearestByLevel[$0]!.0 }
    }
}
