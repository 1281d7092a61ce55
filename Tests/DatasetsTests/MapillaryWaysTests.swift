import PanoCore
import StreetModel
import Testing

@testable import Datasets

@Suite("Ways between Mapillary images, made on the client")
struct MapillaryWaysTests {
    static let lng0 = 7.444509676513945, step = 0.000158064697217, lat = 46.9412, metre = 1 / 111_320.0

    static func image(
        _ id: String, sequence: String, latitude: Double, longitude: Double, heading: Double? = 90, day: String = "2024-06-21"
    )
        -> MapillaryImage
    {
        MapillaryImage(
            id: id, coordinate: Coordinate(latitude: latitude, longitude: longitude)!, heading: heading, isPanorama: true,
            capturedDay: day, creator: "lindenfeld", sequence: sequence, width: 2048, height: 1024,
            thumbnail: "https://example.net/\(id).jpg", original: nil)
    }

    /// Main Street eastward, 12 m apart, and a sequence crossing it at the fourth image (as the
    /// loopback server's): 2002 stands 3 m north of 1004, 2001 9 m south, 2003 15 m north.
    static let main = (0..<6).map { image(String(1001 + $0), sequence: "seq-main", latitude: lat, longitude: lng0 + Double($0) * step) }
    static let cross = (0..<3).map {
        image(
            String(2001 + $0), sequence: "seq-cross", latitude: lat + Double($0 - 1) * 12 * metre + 3 * metre, longitude: lng0 + 3 * step,
            heading: 0, day: "2023-01-15")
    }

    @Test("at a crossing: along its own sequence both ways, and into the other sequence north and south, one a direction")
    func crossing() {
        let panorama = MapillaryWays.panorama(Self.main[3], previous: Self.main[2], next: Self.main[4], nearby: Self.main + Self.cross)
        #expect(panorama.links.map(\.target) == ["1005", "1003", "2002", "2001"])
        let headings = panorama.links.map { Int($0.heading.rounded()) }
        #expect(headings == [90, 270, 0, 180])
        #expect(
            panorama.links.map(\.description) == [
                "this sequence", "this sequence", "another sequence (2023-01-15)", "another sequence (2023-01-15)"
            ])
        #expect(panorama.copyright == "Mapillary · @lindenfeld · CC BY-SA 4.0")
        #expect(panorama.captureDate == "2024-06-21" && panorama.centerHeading == 90)
        #expect(panorama.initialView?.orientation?.heading == 90)
    }

    @Test("the ends of a sequence have one way along it; out of reach and the same place have none")
    func endsAndReach() {
        let first = MapillaryWays.panorama(Self.main[0], previous: nil, next: Self.main[1], nearby: Self.main + Self.cross)
        #expect(first.links.map(\.target) == ["1002"])
        let twin = Self.image("4001", sequence: "seq-twin", latitude: Self.lat + 0.5 * Self.metre, longitude: Self.lng0)
        let far = Self.image("4002", sequence: "seq-far", latitude: Self.lat + 40 * Self.metre, longitude: Self.lng0)
        let alone = MapillaryWays.panorama(Self.main[0], previous: nil, next: nil, nearby: [twin, far])
        #expect(alone.links.isEmpty)
    }

    @Test("a busy square: at most eight ways, no two to one date in nearly one direction")
    func busySquare() {
        let centre = Self.main[0]
        let around = (0..<24).map { index in
            let place = centre.coordinate.offset(by: 10 + Double(index % 3), bearing: Double(index) * 15)
            return Self.image("5\(index)", sequence: "seq-\(index)", latitude: place.latitude, longitude: place.longitude)
        }
        let panorama = MapillaryWays.panorama(centre, previous: nil, next: Self.main[1], nearby: around)
        #expect(panorama.links.count <= StreetPictures.mostWays)
        for (index, way) in panorama.links.enumerated() {
            for other in panorama.links[(index + 1)...] where other.description == way.description {
                #expect(abs(Degrees.wrap180(other.heading - way.heading)) >= NeighbourLinker.minimumSeparation)
            }
        }
    }

    @Test("an image that gives no heading faces north, with no initial view; one with no creator is credited to Mapillary alone")
    func noHeading() {
        var image = Self.image("6001", sequence: "s", latitude: Self.lat, longitude: Self.lng0, heading: nil)
        image.creator = nil
        let panorama = MapillaryWays.panorama(image, previous: nil, next: nil, nearby: [])
        #expect(panorama.centerHeading == 0 && panorama.initialView == nil)
        #expect(panorama.copyright == "Mapillary · CC BY-SA 4.0")
    }
}
