import BoundedJSON
import Foundation
import PanoCore
import StreetModel
import TestSupport
import Testing

@testable import Datasets

/// Reading Panoramax's STAC items: fields as GeoVisio's API serves them (its API tests and the web
/// viewer's "Compatibility with STAC API" page list them), what each becomes, and what is refused.
@Suite("Panoramax items")
struct PanoramaxItemTests {
    /// An item shaped as GeoVisio serves `GET /api/pictures/{id}`, with `changes` applied to its text.
    private static func item(_ changes: [(String, String)] = []) throws -> JSONValue {
        var text = PanoramaxItemJSON.geovisio
        for (old, new) in changes { text = text.replacingOccurrences(of: old, with: new) }
        return try JSONParser.parse(Array(text.utf8), limits: PanoramaxAnswer.limits)
    }

    @Test("a 360° item becomes a panorama: place, heading, day, credit, the sd image, and ways with headings from the geometries")
    func fullSphere() throws {
        var decoder = PanoramaxItemDecoder()
        let decoded = decoder.decode(try Self.item())
        let picture = try #require(decoded)
        #expect(decoder.problems.isEmpty)
        let panorama = picture.panorama
        #expect(picture.isFullSphere && picture.sequence == "seq-1")
        #expect(panorama.id == "pic-2" && panorama.coordinate == Coordinate(latitude: 48.8530, longitude: 2.3499))
        #expect(panorama.centerHeading == 123.5 && panorama.captureDate == "2021-07-29" && panorama.crop == nil)
        #expect(panorama.copyright == "© Adrien, CC-BY-SA-4.0")
        #expect(panorama.imagePath == "https://example.org/api/pictures/pic-2/sd.jpg")
        #expect(panorama.tilt == nil, "no pers:pitch or pers:roll: level")
        #expect(panorama.description == "48.8530° N, 2.3499° E", "named by its place, not its UUID")
        #expect(panorama.initialView?.orientation?.heading == 123.5, "it opens looking where the camera looked (view:azimuth)")
        #expect(panorama.largerImage == LargerImage(path: "https://example.org/api/pictures/pic-2/hd.jpg", width: 5760, usualWidth: 2048))
        let ways = panorama.links.map { ($0.target, Int($0.heading.rounded()), $0.description ?? "") }
        #expect(ways.map(\.0) == ["pic-3", "pic-1", "other-1"], "next, prev, related: the order their images are prefetched in")
        #expect(ways.map(\.1) == [90, 180, 0])
        #expect(ways.map(\.2) == ["this sequence", "this sequence", "another sequence (2019-05-01)"])
    }

    @Test("of 60 related pictures all round, the ways a walker can take: along the sequence, then no two within 35° to one date; 8 at most")
    func manyRelated() throws {
        // 60 pictures of one date 20 m away every 6°, and after the first, one of another date at 3°.
        func related(_ id: String, bearing: Double, date: String) -> String {
            let radians: Double = bearing * .pi / 180
            let metresPerDegree = 111_320.0
            let lat: Double = 48.8530 + 20 * cos(radians) / metresPerDegree
            let lng: Double = 2.3499 + 20 * sin(radians) / (metresPerDegree * cos(48.8530 * Double.pi / 180))
            let place = #"{"type": "Point", "coordinates": [\#(lng), \#(lat)]}"#
            return #"{"rel": "related", "id": "\#(id)", "geometry": \#(place), "datetime": "\#(date)T10:00:00Z"}"#
        }
        var links = (0..<60).map { related("round-\($0)", bearing: Double($0) * 6, date: "2019-05-01") }
        links.insert(related("later", bearing: 3, date: "2020-01-01"), at: 1)
        // The fixture's related link gives way to these; its date is left to a link no way is read from.
        let old = #"{"rel": "related", "id": "other-1", "geometry": {"type": "Point", "coordinates": [2.3499, 48.8531]},"#
        var decoder = PanoramaxItemDecoder()
        let decoded = decoder.decode(try Self.item([(old, links.joined(separator: ",\n") + #", {"rel": "self", "href": "x","#)]))
        let ways = try #require(decoded).panorama.links
        #expect(ways.count == StreetPictures.mostWays && StreetPictures.mostWays == 8)
        #expect(ways.map(\.target) == ["pic-3", "pic-1", "round-0", "later", "round-6", "round-12", "round-18", "round-24"])
        for (i, first) in ways.enumerated() {
            for second in ways[(i + 1)...] where first.description == second.description {
                #expect(abs(Degrees.wrap180(first.heading - second.heading)) >= 35, "\(first.target) and \(second.target)")
            }
        }
    }

    @Test("pers:pitch and pers:roll become the camera's tilt, undone when the image is decoded")
    func tilt() throws {
        var decoder = PanoramaxItemDecoder()
        let decoded = decoder.decode(
            try Self.item([("\"view:azimuth\": 123.5,", "\"view:azimuth\": 123.5, \"pers:pitch\": -3.5, \"pers:roll\": 2,")]))
        let picture = try #require(decoded)
        #expect(picture.panorama.tilt == CameraTilt(pitch: -3.5, roll: 2))
    }

    @Test("a flat item is placed on the sphere at its own field of view; the producer falls back to the providers")
    func flat() throws {
        var decoder = PanoramaxItemDecoder()
        let item = try Self.item([
            ("\"field_of_view\": 360", "\"field_of_view\": 67"), ("[5760, 2880]", "[4288, 3216]"),
            (", \"geovisio:producer\": \"Adrien\"", "")
        ])
        let decoded = decoder.decode(item)
        let picture = try #require(decoded)
        #expect(!picture.isFullSphere && picture.fieldOfView == 67)
        let crop = try #require(picture.panorama.crop)
        // 2048 pixels are 67°: the sphere is 2048 × 360 / 67 ≈ 11004 wide; the 2048 × 1536 image is centred.
        #expect(crop.fullHeight == 5502 && crop.fullWidth == 11004 && crop.left == 5502 - 1024 && crop.top == (5502 - 1536) / 2)
        #expect(picture.panorama.copyright == "© Default account, CC-BY-SA-4.0")
    }

    @Test("an item without a place, an image, or with an image that is not on the web is refused with each problem's path")
    func malformed() throws {
        var decoder = PanoramaxItemDecoder()
        let placeless = try Self.item([("\"coordinates\": [2.3499, 48.8530]", "\"coordinates\": [2.3499]")])
        #expect(decoder.decode(placeless) == nil)
        #expect(decoder.problems.map(\.path) == ["$.geometry.coordinates"])
        decoder = PanoramaxItemDecoder()
        let local = try Self.item([("https://example.org/api/pictures/pic-2/sd.jpg", "file:///etc/passwd")])
        #expect(decoder.decode(local) == nil)
        #expect(decoder.problems.map(\.path) == ["$.assets.sd.href"])
        decoder = PanoramaxItemDecoder()
        let imageless = try Self.item([("\"sd\":", "\"small\":"), ("\"hd\":", "\"large\":")])
        #expect(decoder.decode(imageless) == nil)
        #expect(decoder.problems.first?.description == "$.assets: has no 'sd' or 'hd' image")
        decoder = PanoramaxItemDecoder()
        #expect(decoder.decode(.array([])) == nil)
        #expect(decoder.problems.first?.path == "$")
    }

    @Test("a server is named panoramax: (the federation) or panoramax:URL; anything else is not one")
    func serverNames() {
        #expect(PanoramaxServer(dataset: "panoramax:")?.address == PanoramaxServer.federation)
        #expect(
            PanoramaxServer(dataset: "panoramax:https://panoramax.openstreetmap.fr/api/")?.address == "https://panoramax.openstreetmap.fr")
        #expect(
            PanoramaxServer(dataset: "panoramax:https://panoramax.openstreetmap.fr")?.description
                == "panoramax:https://panoramax.openstreetmap.fr")
        #expect(PanoramaxServer(dataset: "panoramax:ftp://host") == nil)
        #expect(PanoramaxServer(dataset: "panoramax:https://host/?q=1") == nil)
        #expect(PanoramaxServer(dataset: "demo") == nil)
        let server = PanoramaxServer(address: "https://example.org")!
        #expect(
            server.searchAddress(near: Coordinate(latitude: 48.853, longitude: 2.3499)!, radius: 49.2, limit: 50, tolerance: 60)
                == "https://example.org/api/search?place_position=2.3499,48.853&place_distance=0-50&place_fov_tolerance=60&limit=50")
        #expect(server.itemAddress("a b/c") == "https://example.org/api/pictures/a%20b%2Fc")
    }

    @Test("a picture's place in words: four decimals, each hemisphere by its letter")
    func placeNames() throws {
        let name = { (latitude: Double, longitude: Double) in
            StreetPictures.placeName(Coordinate(latitude: latitude, longitude: longitude)!)
        }
        #expect(name(48.853, 2.3499) == "48.8530° N, 2.3499° E")
        #expect(name(-33.86882, 151.20929) == "33.8688° S, 151.2093° E")
        #expect(name(40.7128, -74.006) == "40.7128° N, 74.0060° W")
        #expect(name(0.00004, -0.5) == "0.0000° N, 0.5000° W")
    }

    @Test("a sequence's title: spaces made one, at most 80 characters; none when empty or absent; not JSON is an error")
    func sequenceTitle() throws {
        func title(_ json: String) throws -> String? { try PanoramaxAnswer.title(Array(json.utf8), address: "c") }
        #expect(try title(#"{"id": "s", "title": "  Rue\tde  Rivoli\n walk "}"#) == "Rue de Rivoli walk")
        #expect(try title(#"{"id": "s", "title": ""}"#) == nil)
        #expect(try title(#"{"id": "s"}"#) == nil)
        #expect(try title(#"{"title": 7}"#) == nil)
        #expect(try title("{\"title\": \"\(String(repeating: "a", count: 200))\"}")?.count == 80)
        #expect(throws: DatasetError.self) { try title("<html>") }
    }
}
