import PanoCore
import StreetModel

/// Names Panoramax pictures by the street they stand in ("Rue de Rivoli, Paris") instead of their
/// coordinates, from a reverse geocoder (`lookUp`, blocking; the caller keeps it to the
/// geocoder's usage policy). An answer names every picture within `reach` of where it was asked,
/// so a walk down a street asks once, not at every picture.
package struct PictureNamer: Sendable {
    /// The street at a place and its town, or nil when there is none (or the geocoder failed).
    package typealias LookUp = @Sendable (Coordinate) -> String?

    private let lookUp: LookUp
    /// Where the geocoder was asked, and what it said (nil: no street there).
    private var answers: [(coordinate: Coordinate, name: String?)] = []

    /// Metres within which one answer names a picture: about half a block.
    static let reach = 40.0

    package init(lookUp: @escaping LookUp) {
        self.lookUp = lookUp
    }

    /// `panoramas` with those still named by their coordinates named by their street: from the
    /// answers so far, else asking the geocoder, at most `most` times (a walk's reading asks once,
    /// so it is never held up for long).
    mutating func name(_ panoramas: [Panorama], asking most: Int) -> [Panorama] {
        var asked = 0
        return panoramas.map { panorama in
            guard panorama.description == StreetPictures.placeName(panorama.coordinate) else { return panorama }
            var known = answers.first { $0.coordinate.distance(to: panorama.coordinate) <= Self.reach }
            if known == nil, asked < most {
                asked += 1
                known = (panorama.coordinate, lookUp(panorama.coordinate))
                answers.append(known!)
            }
            guard let name = known?.name else { return panorama }
            var named = panorama
            named.description = name
            return named
        }
    }
}
