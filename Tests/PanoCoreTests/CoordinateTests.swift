import PanoCore
import Testing

@Suite("Geodesy")
struct CoordinateTests {
    @Test("distances match known values")
    func distances() throws {
        let a = try #require(Coordinate(latitude: 0, longitude: 0))
        let b = try #require(Coordinate(latitude: 1, longitude: 0))
        #expect(abs(a.distance(to: b) - 111_195.08) < 1, "one degree of latitude")
        let paris = try #require(Coordinate(latitude: 48.8566, longitude: 2.3522))
        let london = try #require(Coordinate(latitude: 51.5074, longitude: -0.1278))
        #expect(abs(paris.distance(to: london) - 343_550) < 500)
    }

    @Test(
        "bearings point the right way",
        arguments: [
            (0.0, 1.0, 90.0), (1.0, 0.0, 0.0), (0.0, -1.0, 270.0), (-1.0, 0.0, 180.0)
        ])
    func bearings(latitude: Double, longitude: Double, expected: Double) throws {
        let origin = try #require(Coordinate(latitude: 0, longitude: 0))
        let target = try #require(Coordinate(latitude: latitude, longitude: longitude))
        #expect(abs(origin.bearing(to: target) - expected) < 1e-9)
    }

    @Test("offset then measure returns the distance and bearing", arguments: [(12.0, 45.0), (250, 300), (1, 179.5), (4000, 90)])
    func offsetRoundTrip(distance: Double, bearing: Double) throws {
        let start = try #require(Coordinate(latitude: 52.37, longitude: 4.89))
        let end = start.offset(by: distance, bearing: bearing)
        #expect(abs(start.distance(to: end) - distance) < 1e-6 * max(distance, 1))
        #expect(abs(Degrees.wrap180(start.bearing(to: end) - bearing)) < 1e-6)
    }

    @Test("invalid coordinates are refused; longitude 180 is -180")
    func validation() {
        #expect(Coordinate(latitude: 91, longitude: 0) == nil)
        #expect(Coordinate(latitude: 0, longitude: 181) == nil)
        #expect(Coordinate(latitude: .nan, longitude: 0) == nil)
        #expect(Coordinate(latitude: 0, longitude: 180)?.longitude == -180)
    }

    @Test(
        "coordinates print as LAT,LNG to six decimals",
        arguments: [
            (10.0, 10.0, "10,10"), (48.2082, 16.3738, "48.2082,16.3738"), (-33.8570001, -70.6512344, "-33.857,-70.651234")
        ])
    func printing(latitude: Double, longitude: Double, text: String) throws {
        #expect(try #require(Coordinate(latitude: latitude, longitude: longitude)).description == text)
    }
}
