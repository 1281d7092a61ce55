import Explorer
import PanoCore
import StreetModel
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Panorama service")
struct PanoramaServiceTests {
    static let origin = Coordinate(latitude: 48.2, longitude: 16.37)!

    static func pano(
        _ id: String, east: Double, north: Double, source: PanoramaSource = .outdoor,
        building: String? = nil, level: Int? = nil, date: String? = nil
    ) -> Panorama {
        let distance = (east * east + north * north).squareRoot()
        let bearing = Degrees.degrees(fromRadians: atan2(east, north))
        return Panorama(
            id: id, imagePath: "\(id).jpg", coordinate: origin.offset(by: distance, bearing: bearing),
            source: source, building: building, level: level, captureDate: date)
    }

    @Test("the spatial index finds exactly what a brute-force search finds, nearest first")
    func indexMatchesBruteForce() {
        var state: UInt64 = 7
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var index = SpatialIndex(cellSize: 50)
        var points: [Coordinate] = []
        for _ in 0..<2000 {
            let point = Self.origin.offset(by: random() * 3000, bearing: random() * 360)
            points.append(point)
            index.insert(point)
        }
        for _ in 0..<30 {
            let centre = Self.origin.offset(by: random() * 3000, bearing: random() * 360)
            let radius = random() * 400
            let expected = points.indices.filter { centre.distance(to: points[$0]) <= radius }
                .sorted { centre.distance(to: points[$0]) < centre.distance(to: points[$1]) }
            #expect(index.near(centre, radius: radius).map(\.handle) == expected)
        }
    }

    @Test("near a coordinate: within the radius, nearest first, indoor only when the source allows")
    func nearCoordinate() {
        let service = PanoramaService(panoramas: [
            Self.pano("far", east: 80, north: 0), Self.pano("near", east: 10, north: 0),
            Self.pano("inside", east: 0, north: 5, source: .indoor, building: "museum", level: 0)
        ])
        #expect(service.panoramas(near: Self.origin).map(\.panorama.id) == ["inside", "near"])
        #expect(service.nearest(to: Self.origin, source: .outdoor)?.id == "near")
        #expect(service.nearest(to: Self.origin, radius: 100, source: .outdoor)?.id == "near")
        #expect(service.panoramas(near: Self.origin, radius: 100).map(\.panorama.id) == ["inside", "near", "far"])
        let nowhere = Self.origin.offset(by: 5000, bearing: 10)
        #expect(service.nearest(to: nowhere) == nil, "no imagery is an answer, not an error")
        #expect(service.panorama(id: "near")?.id == "near")
        #expect(service.panorama(id: "missing") == nil)
    }

    @Test("other capture dates of a place and other levels of a building")
    func datesAndLevels() {
        let service = PanoramaService(panoramas: [
            Self.pano("summer", east: 0, north: 0, date: "2024-06"), Self.pano("winter", east: 1, north: 0, date: "2023-12"),
            Self.pano("elsewhere", east: 30, north: 0, date: "2022-01"),
            Self.pano("hall-0", east: 50, north: 50, source: .indoor, building: "museum", level: 0),
            Self.pano("hall-1", east: 50, north: 51, source: .indoor, building: "museum", level: 1),
            Self.pano("hall-1b", east: 60, north: 60, source: .indoor, building: "museum", level: 1),
            Self.pano("attic", east: 50, north: 50, source: .indoor, building: "museum", level: 2)
        ])
        #expect(service.otherDates(of: service.panorama(id: "summer")!).map(\.id) == ["winter"])
        #expect(service.otherLevels(of: service.panorama(id: "hall-0")!).map(\.id) == ["hall-1", "attic"])
        #expect(service.otherLevels(of: service.panorama(id: "summer")!).isEmpty)
    }
}
