import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// The demo town's layout in metres (x east, z north): its streets, square and landmarks. Every
/// other part of the generator reads positions from here, so the pictures, the panorama
/// coordinates and the tests agree.
package enum TownPlan {
    /// A straight street along the x or z axis.
    package struct Street: Sendable {
        package let name: String
        /// Centre line from `start` to `end` (x, z), axis-aligned.
        package let start: (Double, Double)
        package let end: (Double, Double)
        /// Half the carriageway's width, metres.
        package let halfWidth: Double
        /// Width of each sidewalk, metres.
        package let sidewalk: Double
    }

    package static let mainStreet = Street(name: "Main Street", start: (-72, 0), end: (72, 0), halfWidth: 5, sidewalk: 3)
    package static let stationRoad = Street(name: "Station Road", start: (0, 0), end: (0, 81), halfWidth: 4, sidewalk: 3)
    package static let harbourLane = Street(name: "Harbour Lane", start: (18, 96), end: (72, 96), halfWidth: 3.5, sidewalk: 2.5)
    package static let streets = [mainStreet, stationRoad, harbourLane]

    /// Market Square: x in -18...18, z in 81...111.
    package static let square = (minX: -18.0, maxX: 18.0, minZ: 81.0, maxZ: 111.0)
    package static let squareName = "Market Square"
    /// The fountain in the middle of the square.
    package static let fountain = (x: 0.0, z: 96.0)
    /// The clock tower on Main Street's south side.
    package static let tower = (minX: 20.0, maxX: 27.0, minZ: -15.0, maxZ: -8.0, height: 34.0)
    /// The museum on the square's west side, two storeys of 7 m.
    package static let museum = (minX: -44.0, maxX: -19.0, minZ: 84.0, maxZ: 108.0, height: 14.0)
    /// Height of the eye above the ground (Street View's camera), metres.
    package static let eyeHeight = 2.5

    /// Where the town is on the Earth: a fictional place, with real latitude/longitude maths.
    package static let origin = Coordinate(latitude: 46.9412, longitude: 7.4453)!
    package static let townName = "Lindenfeld"

    /// The geographic coordinate of a point of the plan.
    package static func coordinate(x: Double, z: Double) -> Coordinate {
        let distance = (x * x + z * z).squareRoot()
        guard distance > 0 else { return origin }
        return origin.offset(by: distance, bearing: Degrees.degrees(fromRadians: atan2(x, z)))
    }
}
