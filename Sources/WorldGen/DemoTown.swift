import PanoCore

/// The panoramas, links and markers of the bundled demo town, as data: where each panorama
/// stands in the plan, what it shows and when it was taken.
package enum DemoTown {
    /// One panorama to render.
    package struct Spot: Sendable {
        package let id: String
        /// Position in the plan, metres.
        package let x: Double
        package let z: Double
        package let description: String
        package let date: String
        package let season: TownScene.Season
        /// Museum floor for indoor panoramas; nil outdoors.
        package let level: Int?
        /// Where a viewer first looks: along the street, degrees.
        package let initialHeading: Double
    }

    /// A marker at a point of the plan.
    package struct Landmark: Sendable {
        package let id: String
        package let x: Double
        package let z: Double
        package let height: Double
        package let title: String
        package let snippet: String
        /// The scene object it marks (a `Box` or `Sphere` name).
        package let object: String
    }

    static let summer = "2024-06-21"
    static let winter = "2023-12-15"

    package static let spots: [Spot] = {
        var spots: [Spot] = []
        for k in 0...10 {
            let x = -60.0 + 12 * Double(k)
            let place = k == 5 ? "Main Street at Station Road" : "Main Street \(10 + 2 * k)"
            spots.append(
                Spot(
                    id: "main-\(k)", x: x, z: 0, description: "\(place), \(TownPlan.townName)", date: summer, season: .summer, level: nil,
                    initialHeading: 90))
        }
        for k in 1...6 {
            spots.append(
                Spot(
                    id: "station-\(k)", x: 0, z: 12 * Double(k), description: "Station Road \(2 * k), \(TownPlan.townName)",
                    date: summer, season: .summer, level: nil, initialHeading: 0))
        }
        spots.append(
            Spot(
                id: "square-south", x: 0, z: 86, description: "Market Square, south side", date: summer, season: .summer, level: nil,
                initialHeading: 0))
        spots.append(
            Spot(
                id: "square-west", x: -11, z: 96, description: "Market Square, by the Town Museum", date: summer, season: .summer,
                level: nil, initialHeading: 270))
        spots.append(
            Spot(
                id: "square-east", x: 11, z: 96, description: "Market Square, east side", date: summer, season: .summer, level: nil,
                initialHeading: 90))
        for k in 1...4 {
            spots.append(
                Spot(
                    id: "harbour-\(k)", x: 12 + 12 * Double(k), z: 96, description: "Harbour Lane \(2 * k - 1), \(TownPlan.townName)",
                    date: summer, season: .summer, level: nil, initialHeading: 90))
        }
        for k in 3...7 {
            let x = -60.0 + 12 * Double(k)
            spots.append(
                Spot(
                    id: "main-\(k)-winter", x: x, z: 0, description: "Main Street in winter, \(TownPlan.townName)",
                    date: winter, season: .winter, level: nil, initialHeading: 90))
        }
        for level in 0...1 {
            let floor = level == 0 ? "ground floor" : "upper floor"
            let prefix = level == 0 ? "museum" : "museum-upper"
            spots.append(
                Spot(
                    id: "\(prefix)-hall", x: -32, z: 92, description: "Town Museum, \(floor), hall", date: summer, season: .summer,
                    level: level, initialHeading: 0))
            spots.append(
                Spot(
                    id: "\(prefix)-gallery", x: -27, z: 101, description: "Town Museum, \(floor), gallery", date: summer, season: .summer,
                    level: level, initialHeading: 0))
        }
        return spots
    }()

    /// Pairs of panoramas joined by a link both ways, and the street the link runs along.
    package static let connections: [(String, String, String)] = {
        var pairs: [(String, String, String)] = []
        for k in 0..<10 { pairs.append(("main-\(k)", "main-\(k + 1)", TownPlan.mainStreet.name)) }
        pairs.append(("main-5", "station-1", TownPlan.stationRoad.name))
        for k in 1..<6 { pairs.append(("station-\(k)", "station-\(k + 1)", TownPlan.stationRoad.name)) }
        pairs.append(("station-6", "square-south", TownPlan.squareName))
        pairs.append(("square-south", "square-west", TownPlan.squareName))
        pairs.append(("square-south", "square-east", TownPlan.squareName))
        pairs.append(("square-west", "square-east", TownPlan.squareName))
        pairs.append(("square-east", "harbour-1", TownPlan.harbourLane.name))
        for k in 1..<4 { pairs.append(("harbour-\(k)", "harbour-\(k + 1)", TownPlan.harbourLane.name)) }
        pairs.append(("square-west", "museum-hall", "Town Museum"))
        pairs.append(("museum-hall", "museum-gallery", "Town Museum"))
        pairs.append(("museum-upper-hall", "museum-upper-gallery", "Town Museum"))
        for k in 3..<7 { pairs.append(("main-\(k)-winter", "main-\(k + 1)-winter", TownPlan.mainStreet.name)) }
        return pairs
    }()

    package static let landmarks: [Landmark] = [
        Landmark(
            id: "clock-tower", x: (TownPlan.tower.minX + TownPlan.tower.maxX) / 2, z: TownPlan.tower.maxZ, height: 29,
            title: "Clock Tower", snippet: "The town clock, 34 m", object: "tower"),
        Landmark(
            id: "town-museum", x: TownPlan.museum.maxX, z: 96, height: 7, title: "Town Museum",
            snippet: "Two floors of local history", object: "museum"),
        Landmark(
            id: "fountain", x: TownPlan.fountain.x, z: TownPlan.fountain.z - 2.6, height: 0.6, title: "Fountain",
            snippet: "Market Square's fountain", object: "fountain"),
        Landmark(
            id: "cafe-aurora", x: -30, z: TownPlan.mainStreet.halfWidth + TownPlan.mainStreet.sidewalk, height: 2,
            title: "Café Aurora", snippet: "Coffee and cake", object: "cafe-aurora"),
        Landmark(
            id: "bakery-korn", x: -(TownPlan.stationRoad.halfWidth + TownPlan.stationRoad.sidewalk), z: 40, height: 2,
            title: "Bakery Korn", snippet: "Bread since 1911", object: "bakery-korn"),
        Landmark(
            id: "harbour-books", x: 42, z: TownPlan.harbourLane.start.1 + TownPlan.harbourLane.halfWidth + TownPlan.harbourLane.sidewalk,
            height: 2, title: "Harbour Books", snippet: "New and second-hand", object: "harbour-books")
    ]

    /// The scene a spot is rendered in, and the eye position in it.
    package static func scene(for spot: Spot) -> (any PanoramaScene, TownPoint) {
        if let level = spot.level {
            // Inside, the room is centred on the origin; the eye stands where the spot is in the
            // museum, relative to its centre.
            let centreX = (TownPlan.museum.minX + TownPlan.museum.maxX) / 2
            let centreZ = (TownPlan.museum.minZ + TownPlan.museum.maxZ) / 2
            return (MuseumScene(level: level), Vector3(spot.x - centreX, 1.6, spot.z - centreZ))
        }
        return (TownScene(season: spot.season), Vector3(spot.x, TownPlan.eyeHeight, spot.z))
    }
}
