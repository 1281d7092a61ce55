import PanoCore
import StreetModel
import Testing

/// What a user is told about the nearest imagery when there is none near the place asked for.
@Suite("Nearest imagery")
struct NearestImageryTests {
    @Test(
        "distances said as a person says them",
        arguments: [
            (7.4, "7 m"), (99.4, "99 m"), (324, "320 m"), (994, "990 m"), (996, "1.0 km"), (1_449, "1.4 km"), (9_940, "9.9 km"),
            (12_400, "12 km"), (5_269_629, "5270 km")
        ])
    func distances(metres: Double, said: String) {
        #expect(NearestImagery.distanceText(metres) == said)
    }

    @Test("the nearest of several, with its direction from the place")
    func nearestWithDirection() throws {
        // 0.002° north and east of (0, 0): 222.4 m each way on a sphere of 6,371 km, 314.5 m north-east.
        let place = try #require(Coordinate(latitude: 0, longitude: 0))
        let panoramas = [
            Panorama(id: "far", imagePath: "", coordinate: try #require(Coordinate(latitude: -0.01, longitude: 0))),
            Panorama(
                id: "ne", imagePath: "", coordinate: try #require(Coordinate(latitude: 0.002, longitude: 0.002)), description: "Corner")
        ]
        let nearest = try #require(NearestImagery(from: place, among: panoramas))
        #expect(abs(nearest.distance - 314.5) < 0.5 && abs(nearest.bearing - 45) < 0.01)
        #expect(nearest.description == "nearest imagery 310 m north-east, Corner")
        #expect(NearestImagery(from: place, among: []) == nil)
    }
}
