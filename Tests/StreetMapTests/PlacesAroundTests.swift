import PanoCore
import StreetModel
import Testing

@testable import StreetMap

/// The places a street map holds around you, as markers, and where you stand by address.
@Suite("Places around")
struct PlacesAroundTests {
    static let here = Coordinate(latitude: 45.7597, longitude: 4.8320)!

    static func place(_ name: String, _ metres: Double, _ bearing: Double, rank: Int? = nil, category: String? = "shop") -> MapFeature {
        MapFeature(kind: .place, name: name, lines: [[here.offset(by: metres, bearing: bearing)]], category: category, rank: rank)
    }

    static func number(_ text: String, _ metres: Double, _ bearing: Double) -> MapFeature {
        MapFeature(kind: .address, name: text, lines: [[here.offset(by: metres, bearing: bearing)]])
    }

    @Test("nearer and more notable first: a bakery 20 m away before a museum 140 m away; none beyond the range; untitled places left out")
    func ranking() {
        let features = [
            Self.place("Musée des Tissus", 140, 80, rank: 1, category: "museum"),
            Self.place("Boulangerie Dupont", 20, 30, rank: 25, category: "bakery"),
            Self.place("Far Café", 160, 0, rank: 1),
            MapFeature(kind: .road, name: "Rue Mercière", lines: [[Self.here, Self.here.offset(by: 50, bearing: 90)]])
        ]
        let markers = PlacesAround.markers(around: Self.here, within: 150, in: features)
        #expect(markers.map(\.title) == ["Boulangerie Dupont", "Musée des Tissus"])
        #expect(markers[0].snippet == "bakery")
        #expect(markers[0].coordinate.distance(to: Self.here.offset(by: 20, bearing: 30)) < 0.01)
    }

    @Test("a place repeated by neighbouring tiles is one marker; two places at one spot keep ids of their own; at most 20 kept")
    func eachOnce() {
        let repeated = [Self.place("Café", 30, 90), Self.place("Café", 30, 90), Self.place("Tabac", 30, 90)]
        let markers = PlacesAround.markers(around: Self.here, within: 150, in: repeated)
        #expect(markers.map(\.title).sorted() == ["Café", "Tabac"])
        #expect(Set(markers.map(\.id)).count == 2)
        let crowd = (0..<300).map { Self.place("Shop \($0)", Double($0 % 150), Double($0 * 7 % 360)) }
        #expect(PlacesAround.markers(around: Self.here, within: 150, in: crowd).count == PlacesAround.mostKept)
    }

    @Test("the ids carry no name: untrusted text stays out of events")
    func ids() {
        let marker = PlacesAround.markers(around: Self.here, within: 150, in: [Self.place("Evil\u{1B}]0;x\u{07}", 10, 0)])
        #expect(marker.first?.id.hasPrefix("map:45.759") == true && marker.first?.id.contains("Evil") == false)
    }

    @Test(
        "the nearest house number within 30 m and the street nearest it: 12 Rue Mercière; the number alone with no street near; none beyond 30 m"
    )
    func address() {
        let street = MapFeature(
            kind: .road, name: "Rue Mercière", lines: [[Self.here.offset(by: 200, bearing: 270), Self.here.offset(by: 200, bearing: 90)]])
        let farStreet = MapFeature(
            kind: .road, name: "Quai Saint-Antoine", lines: [[Self.here.offset(by: 80, bearing: 0), Self.here.offset(by: 90, bearing: 10)]])
        let numbers = [Self.number("13", 8, 0), Self.number("12", 4, 180), Self.number("40", 35, 90)]
        #expect(PlacesAround.address(at: Self.here, in: numbers + [street, farStreet]) == "12 Rue Mercière")
        #expect(PlacesAround.address(at: Self.here, in: numbers + [farStreet]) == "12")
        #expect(PlacesAround.address(at: Self.here, in: [Self.number("40", 35, 90), street]) == nil)
    }

    @Test("the names `/` finds farther off: places with what they are, streets at their point nearest you")
    func names() {
        struct Held: Basemap {
            let features: [MapFeature]
            var attribution: String { "" }
            func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] { features }
        }
        let map = Held(features: [
            Self.place("Fromagerie Lointaine", 400, 90, category: "cheese"), Self.place("Too Far", 1500, 0),
            MapFeature(
                kind: .road, name: "Rue de la Gare",
                lines: [[Self.here.offset(by: 30, bearing: 90), Self.here.offset(by: 300, bearing: 90)]]),
            Self.number("12", 4, 180)
        ])
        let names = PlacesAround.names(near: Self.here, of: map)
        #expect(names.map(\.name) == ["Fromagerie Lointaine", "Rue de la Gare"])
        #expect(names[0].kind == .marker && names[0].detail == "cheese")
        #expect(names[1].kind == .street && Self.here.distance(to: names[1].coordinate) < 31)
    }
}
