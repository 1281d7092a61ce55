import PanoCore
import StreetModel

/// What the pictures of a street-level service (Panoramax, Mapillary) share once read: the words
/// for a place no street names yet, and the ways a walker is offered from one.
package enum StreetPictures {
    /// A picture's place in words, to 4 decimals (about 10 m): "48.8530° N, 2.3499° E".
    static func placeName(_ coordinate: Coordinate) -> String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            let text = String(Int((abs(value) * 10_000).rounded()))
            let padded = String(repeating: "0", count: max(0, 5 - text.count)) + text
            return "\(padded.dropLast(4)).\(padded.suffix(4))° \(value < 0 ? negative : positive)"
        }
        return part(coordinate.latitude, "N", "S") + ", " + part(coordinate.longitude, "E", "W")
    }

    /// Most ways one picture keeps: a walker tells no more apart, and each is a picture to read.
    package static let mostWays = 8

    /// Of `links` (ranked: 0 the next along the picture's sequence, 1 the previous, 2 another
    /// sequence's picture, in that order), the ways along the sequence, then each other picture unless a way kept already leads within
    /// `NeighbourLinker.minimumSeparation` degrees of it to the same date (the nearer wins, as
    /// in a dataset's own links; another date in the same direction stays, for `t`); at most
    /// `mostWays`.
    static func distinctWays(_ links: [(rank: Int, link: Link)]) -> [Link] {
        var kept: [Link] = []
        for (rank, link) in links where kept.count < mostWays {
            let crowded = kept.contains {
                $0.description == link.description && abs(Degrees.wrap180($0.heading - link.heading)) < NeighbourLinker.minimumSeparation
            }
            if rank < 2 || !crowded { kept.append(link) }
        }
        return kept
    }

    /// Where a flat picture `width` pixels wide and `aspect` (height / width, > 0) as high sits
    /// on the sphere: centred on its heading and the horizon, as wide as its field of view
    /// (degrees, (0, 360)); nil when it would be taller than the sphere.
    static func crop(fieldOfView: Double, width: Int, aspect: Double) -> PanoramaCrop? {
        guard fieldOfView > 0, fieldOfView < 360, aspect > 0, aspect.isFinite else { return nil }
        let height = Int((Double(width) * aspect).rounded())
        let fullHeight = Int((Double(width) * 180 / fieldOfView).rounded())
        guard height < fullHeight else { return nil }
        return PanoramaCrop(fullWidth: 2 * fullHeight, fullHeight: fullHeight, left: fullHeight - width / 2, top: (fullHeight - height) / 2)
    }

    /// The nearest of what is not read yet (`pending`) around `panorama`: itself, else the
    /// pictures its ways lead to, else those one way further. Reading two ways ahead means the
    /// ways shown on arrival are final (a flat or unreadable picture is already left out).
    static func unread(around panorama: Panorama, in service: PanoramaService, pending: (String) -> Bool) -> [String] {
        if pending(panorama.id) { return [panorama.id] }
        let ways = panorama.links.map(\.target)
        let near = ways.filter(pending)
        if !near.isEmpty { return near }
        let further = ways.compactMap { service.panorama(id: $0) }.flatMap { $0.links.map(\.target) }
        var listed: Set<String> = []
        return further.filter(pending).filter { listed.insert($0).inserted }
    }
}
