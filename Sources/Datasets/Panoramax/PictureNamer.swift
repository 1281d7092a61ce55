import PanoCore
import StreetModel

/// Names a street-level service's pictures (Panoramax, Mapillary) by where they stand instead of
/// their coordinates: by address from the street map (`address`: the nearest house number and
/// its street, "12 Rue Mercière"; cheap, asked for every picture), else by street from a reverse
/// geocoder (`lookUp`, blocking; the caller keeps it to the geocoder's usage policy: "Rue de
/// Rivoli, Paris"). A geocoder's answer names every picture within `reach` of where it was
/// asked, so a walk down a street asks once, not at every picture.
package struct PictureNamer: Sendable {
    /// The street at a place and its town, or nil when there is none (or the geocoder failed).
    package typealias LookUp = @Sendable (Coordinate) -> String?

    private let address: LookUp?
    private let lookUp: LookUp?
    /// Where the geocoder was asked, and what it said (nil: no street there).
    private var answers: [(coordinate: Coordinate, name: String?)] = []

    /// Metres within which one answer names a picture: about half a block.
    static let reach = 40.0

    /// Naming by `address` first (nil: no street map), then by `lookUp` (nil: no geocoder).
    package init(address: LookUp? = nil, lookUp: LookUp?) {
        (self.address, self.lookUp) = (address, lookUp)
    }

    /// `panoramas` with those still named by their coordinates named by their street: from the
    /// answers so far, else asking the geocoder, at most `most` times (a walk's reading asks once,
    /// so it is never held up for long).
    mutating func name(_ panoramas: [Panorama], asking most: Int) -> [Panorama] {
        var asked = 0
        return panoramas.map { panorama in
            guard panorama.description == StreetPictures.placeName(panorama.coordinate) else { return panorama }
            if let address = address?(panorama.coordinate) {
                var named = panorama
                named.description = address
                return named
            }
            var known = answers.first { $0.coordinate.distance(to: panorama.coordinate) <= Self.reach }
            if known == nil, asked < most, let lookUp {
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
