import PanoCore
import StreetModel

/// Links each panorama to its near neighbours the way Street View's graph looks: the nearest
/// panorama in each direction within a distance, and never two links in nearly the same
/// direction (the nearer one wins). Photos within `samePlace` of each other are the same place
/// (another date, or another take): they are never linked as a way, whose direction would mean
/// nothing; `t` goes between dates.
enum NeighbourLinker {
    /// Farthest neighbour linked, metres.
    static let maxDistance = 30.0
    /// Smallest angle between two links of one panorama, degrees.
    static let minimumSeparation = 35.0
    /// Most links one panorama gets.
    static let maxLinks = 6
    /// Closer than this, metres, two photos are the same place.
    static let samePlace = 1.0

    static func link(_ panoramas: [Panorama]) -> [Panorama] {
        let service = PanoramaService(panoramas: panoramas)
        return panoramas.map { panorama in
            var linked = panorama
            linked.links = []
            for (neighbour, distance) in service.panoramas(near: panorama.coordinate, radius: maxDistance)
            where neighbour.id != panorama.id && distance >= samePlace {
                guard linked.links.count < maxLinks else { break }
                let heading = panorama.coordinate.bearing(to: neighbour.coordinate)
                let crowded = linked.links.contains { abs(Degrees.wrap180($0.heading - heading)) < minimumSeparation }
                if !crowded { linked.links.append(Link(target: neighbour.id, heading: heading)) }
            }
            return linked
        }
    }
}
