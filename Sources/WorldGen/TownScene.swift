import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// The demo town as boxes and spheres over a ground plane, in one season.
package struct TownScene: Sendable {
    package enum Season: Sendable {
        case summer
        case winter
    }

    package let season: Season
    package private(set) var boxes: [Box] = []
    package private(set) var spheres: [Sphere] = []
    /// Unit vector towards the sun.
    package let sun: TownPoint

    package init(season: Season) {
        self.season = season
        sun = season == .summer ? Orientation(heading: 150, pitch: 42).direction : Orientation(heading: 200, pitch: 14).direction
        addBuildings()
        addLandmarks()
        addStreetFurniture()
    }

    /// The nearest surface along a unit ray, ground excluded, within `limit` metres.
    package func firstObjectHit(origin: TownPoint, direction: TownPoint, limit: Double = .infinity) -> Hit? {
        var best: Hit?
        var nearest = limit
        for box in boxes {
            if let hit = Intersect.box(box, origin: origin, direction: direction, limit: nearest) {
                best = hit
                nearest = hit.distance
            }
        }
        for sphere in spheres {
            if let hit = Intersect.sphere(sphere, origin: origin, direction: direction, limit: nearest) {
                best = hit
                nearest = hit.distance
            }
        }
        return best
    }

    /// True when anything lies between `point` and the sun.
    package func inShadow(_ point: TownPoint) -> Bool {
        let origin = point + sun * 0.01
        for box in boxes where Intersect.box(box, origin: origin, direction: sun, limit: 400) != nil { return true }
        for sphere in spheres where Intersect.sphere(sphere, origin: origin, direction: sun, limit: 400) != nil { return true }
        return false
    }

    // MARK: - Building the town

    private static let wallColours: [RGB] = [
        RGB(214, 196, 160), RGB(190, 120, 90), RGB(230, 220, 200), RGB(160, 175, 190), RGB(205, 160, 120),
        RGB(180, 190, 150), RGB(235, 200, 150), RGB(170, 140, 130)
    ]

    /// A row of buildings along a side of a street: fronts at `front` (constant z or x), running
    /// from `from` to `to`, each with a width, height and optional shop.
    private mutating func row(
        alongX: Bool, front: Double, outward: Double, from: Double, to: Double, seed: Int,
        named: [(at: Double, name: String, shop: RGB)] = []
    ) {
        var position = from
        var index = seed
        while position < to - 4 {
            let width = min(Double(8 + (index * 7) % 7), to - position)
            let depth = Double(10 + (index * 5) % 5)
            let height = Double(8 + (index * 11) % 11)
            let colour = Self.wallColours[index % Self.wallColours.count]
            let special = named.first { $0.at >= position && $0.at < position + width }
            let shop = special?.shop ?? (index % 3 == 0 ? RGB(150, 60, 50) : nil)
            let near = front
            let far = front + outward * depth
            let (lowFront, highFront) = (min(near, far), max(near, far))
            let minPoint = alongX ? Vector3(position + 0.3, 0, lowFront) : Vector3(lowFront, 0, position + 0.3)
            let maxPoint = alongX ? Vector3(position + width - 0.3, height, highFront) : Vector3(highFront, height, position + width - 0.3)
            boxes.append(
                Box(
                    min: minPoint, max: maxPoint, kind: .facade(wall: season == .winter ? colour.dimmed(0.85) : colour, shop: shop),
                    name: special?.name))
            boxes.append(
                Box(
                    min: Vector3(minPoint.x, height, minPoint.z), max: Vector3(maxPoint.x, height + 0.4, maxPoint.z),
                    kind: .roof(season == .winter ? RGB(240, 242, 246) : RGB(120, 70, 60)), name: special?.name))
            position += width
            index += 1
        }
    }

    private mutating func addBuildings() {
        let main = TownPlan.mainStreet
        let mainFront = main.halfWidth + main.sidewalk
        let station = TownPlan.stationRoad
        let stationFront = station.halfWidth + station.sidewalk
        let harbour = TownPlan.harbourLane
        let harbourFront = harbour.halfWidth + harbour.sidewalk
        // Main Street, north side, broken by Station Road; south side, broken by the tower.
        row(
            alongX: true, front: mainFront, outward: 1, from: -72, to: -stationFront, seed: 1,
            named: [(-30, "cafe-aurora", RGB(200, 60, 90))])
        row(alongX: true, front: mainFront, outward: 1, from: stationFront, to: 72, seed: 4)
        row(alongX: true, front: -mainFront, outward: -1, from: -72, to: TownPlan.tower.minX - 0.5, seed: 7)
        row(alongX: true, front: -mainFront, outward: -1, from: TownPlan.tower.maxX + 0.5, to: 72, seed: 10)
        // Station Road, both sides, behind Main Street's rows up to the square.
        row(
            alongX: false, front: -stationFront, outward: -1, from: 24, to: 79, seed: 13,
            named: [(40, "bakery-korn", RGB(220, 150, 40))])
        row(alongX: false, front: stationFront, outward: 1, from: 24, to: 79, seed: 16)
        // North of the square, and both sides of Harbour Lane.
        row(alongX: true, front: TownPlan.square.maxZ + 1, outward: 1, from: -18, to: 18, seed: 19)
        row(
            alongX: true, front: harbour.start.1 + harbourFront, outward: 1, from: 19, to: 72, seed: 22,
            named: [(42, "harbour-books", RGB(40, 110, 170))])
        row(alongX: true, front: harbour.start.1 - harbourFront, outward: -1, from: 19, to: 72, seed: 25)
    }

    private mutating func addLandmarks() {
        let t = TownPlan.tower
        boxes.append(
            Box(min: Vector3(t.minX, 0, t.minZ), max: Vector3(t.maxX, t.height, t.maxZ), kind: .plain(RGB(196, 170, 130)), name: "tower"))
        // A clock face on the tower's street side, and a green copper cap.
        boxes.append(
            Box(
                min: Vector3(t.minX + 1.5, t.height - 7, t.maxZ), max: Vector3(t.maxX - 1.5, t.height - 3, t.maxZ + 0.2),
                kind: .plain(RGB(245, 245, 235)), name: "tower"))
        boxes.append(
            Box(
                min: Vector3(t.minX - 0.5, t.height, t.minZ - 0.5), max: Vector3(t.maxX + 0.5, t.height + 3, t.maxZ + 0.5),
                kind: .roof(season == .winter ? RGB(235, 240, 245) : RGB(70, 150, 120)), name: "tower"))
        let m = TownPlan.museum
        boxes.append(
            Box(min: Vector3(m.minX, 0, m.minZ), max: Vector3(m.maxX, m.height, m.maxZ), kind: .plain(RGB(238, 234, 222)), name: "museum"))
        boxes.append(
            Box(
                min: Vector3(m.minX - 0.5, m.height, m.minZ - 0.5), max: Vector3(m.maxX + 0.5, m.height + 1, m.maxZ + 0.5),
                kind: .roof(season == .winter ? RGB(240, 242, 246) : RGB(90, 90, 100)), name: "museum"))
        // Columns along its front on the square.
        for z in stride(from: m.minZ + 3, through: m.maxZ - 3, by: 4.5) {
            boxes.append(
                Box(
                    min: Vector3(m.maxX, 0, z - 0.4), max: Vector3(m.maxX + 0.8, m.height - 1, z + 0.4),
                    kind: .plain(RGB(250, 248, 240)), name: "museum"))
        }
        let f = TownPlan.fountain
        boxes.append(
            Box(
                min: Vector3(f.x - 2.6, 0, f.z - 2.6), max: Vector3(f.x + 2.6, 0.8, f.z + 2.6), kind: .plain(RGB(170, 170, 175)),
                name: "fountain"))
        boxes.append(
            Box(
                min: Vector3(f.x - 2.2, 0.8, f.z - 2.2), max: Vector3(f.x + 2.2, 0.82, f.z + 2.2),
                kind: season == .winter ? .plain(RGB(225, 235, 245)) : .water, name: "fountain"))
        boxes.append(
            Box(
                min: Vector3(f.x - 0.3, 0, f.z - 0.3), max: Vector3(f.x + 0.3, 2.4, f.z + 0.3), kind: .plain(RGB(180, 180, 185)),
                name: "fountain"))
        spheres.append(Sphere(centre: Vector3(f.x, 2.7, f.z), radius: 0.5, kind: .plain(RGB(190, 170, 90)), name: "fountain"))
    }

    private mutating func addStreetFurniture() {
        var treeSpots: [(Double, Double)] = []
        for x in stride(from: -64.0, through: 64, by: 16) where abs(x) > 10 {
            treeSpots += [(x, 6.6), (x, -6.6)]
        }
        for z in stride(from: 28.0, through: 76, by: 16) { treeSpots += [(-5.8, z), (5.8, z)] }
        treeSpots += [(-14, 85), (14, 85), (-14, 107), (14, 107)]
        for (x, z) in treeSpots {
            boxes.append(Box(min: Vector3(x - 0.2, 0, z - 0.2), max: Vector3(x + 0.2, 3.2, z + 0.2), kind: .plain(RGB(90, 65, 45))))
            if season == .summer {
                let shade = RGB(70, UInt8(120 + Int(abs(x + z)) % 40), 55)
                spheres.append(Sphere(centre: Vector3(x, 4.6, z), radius: 2.2, kind: .foliage(shade)))
            }
        }
        for x in stride(from: -56.0, through: 56, by: 16) where abs(x) > 10 {
            for z in [7.4, -7.4] {
                boxes.append(Box(min: Vector3(x - 0.1, 0, z - 0.1), max: Vector3(x + 0.1, 5, z + 0.1), kind: .plain(RGB(50, 55, 60))))
                spheres.append(Sphere(centre: Vector3(x, 5.2, z), radius: 0.35, kind: .lamp))
            }
        }
    }
}

extension RGB {
    /// This colour scaled by `factor` (0...1 darkens).
    func dimmed(_ factor: Double) -> RGB {
        RGB(UInt8(min(255, Double(r) * factor)), UInt8(min(255, Double(g) * factor)), UInt8(min(255, Double(b) * factor)))
    }
}
