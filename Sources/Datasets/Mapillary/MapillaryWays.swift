import PanoCore
import StreetModel

/// A Mapillary image as the explorer walks it. Mapillary's API links no image to another (its
/// viewer, mapillary-js, builds its navigation graph on the client), so the ways are made here,
/// by the rule Panoramax's and a folder's pictures follow: along the image's sequence (the next
/// and previous images), then to images of other sequences within `reach`, one a direction and
/// date (`StreetPictures.distinctWays`), at most `StreetPictures.mostWays`.
package enum MapillaryWays {
    /// Farthest image of another sequence a way leads to, metres (as a folder's photos link).
    static let reach = NeighbourLinker.maxDistance
    /// Closer than this, metres, two images are the same place: no way between them.
    static let samePlace = NeighbourLinker.samePlace

    /// The width of `thumb_2048_url`'s image, pixels.
    static let thumbnailWidth = 2048

    /// How a panorama names an image's pixels (never by the signed address, which expires):
    /// `mapillary:ID/2048` for the thumbnail, `mapillary:ID/original` for the original.
    static func picturePath(_ id: String, original: Bool) -> String {
        "mapillary:\(id)/" + (original ? "original" : "\(thumbnailWidth)")
    }

    /// The image id and size a `picturePath` names; nil for anything else.
    package static func picture(_ path: String) -> (id: String, original: Bool)? {
        guard path.hasPrefix("mapillary:") else { return nil }
        let parts = path.dropFirst("mapillary:".count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...32).contains(parts[0].utf8.count), parts[0].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            parts[1] == "original" || parts[1] == "\(thumbnailWidth)"
        else { return nil }
        return (String(parts[0]), parts[1] == "original")
    }

    /// The credit Mapillary's terms ask for: the service, the photographer, the licence.
    static func credit(_ image: MapillaryImage) -> String {
        "Mapillary · " + (image.creator.map { "@\($0) · " } ?? "") + "CC BY-SA 4.0"
    }

    /// `image` as a panorama: named by its place until a street names it, facing where its
    /// camera faced, credited, with ways to `previous` and `next` along its sequence and to the
    /// nearest of `nearby` (images of any sequence; its own and those out of reach are left out).
    package static func panorama(_ image: MapillaryImage, previous: MapillaryImage?, next: MapillaryImage?, nearby: [MapillaryImage])
        -> Panorama
    {
        var panorama = Panorama(
            id: image.id, imagePath: picturePath(image.id, original: false), coordinate: image.coordinate,
            centerHeading: image.heading ?? 0, captureDate: image.capturedDay, copyright: credit(image))
        panorama.description = StreetPictures.placeName(image.coordinate)
        if !image.isPanorama {
            let aspect = image.width.flatMap { width in image.height.map { Double($0) / Double(width) } } ?? 0.75
            panorama.crop = image.fieldOfView.flatMap { StreetPictures.crop(fieldOfView: $0, width: thumbnailWidth, aspect: aspect) }
        } else if image.original != nil, let width = image.width, width > thumbnailWidth {
            panorama.largerImage = LargerImage(path: picturePath(image.id, original: true), width: width, usualWidth: thumbnailWidth)
        }
        if let heading = image.heading { panorama.initialView = InitialView(orientation: Orientation(heading: heading, pitch: 0)) }
        var ranked: [(rank: Int, link: Link)] = []
        for (rank, neighbour) in [(0, next), (1, previous)] {
            guard let neighbour, neighbour.id != image.id, image.coordinate.distance(to: neighbour.coordinate) >= samePlace else {
                continue
            }
            ranked.append((rank, link(from: image, to: neighbour, description: "this sequence")))
        }
        let others = nearby.filter { other in
            other.id != image.id && other.id != previous?.id && other.id != next?.id
                && (other.sequence == nil || other.sequence != image.sequence)
        }
        .map { ($0, image.coordinate.distance(to: $0.coordinate)) }
        .filter { $0.1 >= samePlace && $0.1 <= reach }
        .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
        for (other, _) in others {
            let description = "another sequence" + (other.capturedDay.map { " (\($0))" } ?? "")
            ranked.append((2, link(from: image, to: other, description: description)))
        }
        panorama.links = StreetPictures.distinctWays(ranked)
        return panorama
    }

    private static func link(from image: MapillaryImage, to other: MapillaryImage, description: String) -> Link {
        Link(
            target: other.id, heading: image.coordinate.bearing(to: other.coordinate), description: description,
            targetCoordinate: other.coordinate)
    }
}
