import PanoCore

#if canImport(Glibc)
import CompassPanorama
import Glibc
#endif

/// Anything that can say what colour is seen along a ray: the town outdoors, a museum room.
package protocol PanoramaScene: Sendable {
    /// The colour seen from `origin` looking along the unit vector `direction`.
    func colour(origin: TownPoint, direction: TownPoint) -> RGB
}

extension TownScene: PanoramaScene {
    package func colour(origin: TownPoint, direction d: TownPoint) -> RGB {
        let groundDistance = d.y < -1e-9 ? -origin.y / d.y : Double.infinity
        if let hit = firstObjectHit(origin: origin, direction: d, limit: groundDistance) {
            if case .lamp = hit.kind { return RGB(255, 236, 180) }
            return haze(lit(surfaceColour(hit), at: hit.point, normal: hit.normal), distance: hit.distance, direction: d)
        }
        if groundDistance.isFinite {
            let point = origin + d * groundDistance
            let base = groundColour(x: point.x, z: point.z)
            return haze(lit(base, at: point, normal: Vector3(0, 1, 0)), distance: groundDistance, direction: d)
        }
        return sky(d)
    }

    /// Sunlight and ambient light on a surface, with cast shadows.
    private func lit(_ colour: RGB, at point: TownPoint, normal: TownPoint) -> RGB {
        let (ambient, diffuse) = season == .summer ? (0.55, 0.6) : (0.72, 0.3)
        let facing = max(0, normal.dot(sun))
        let light = ambient + (facing > 0 && !inShadow(point + normal * 0.01) ? diffuse * facing : 0)
        return colour.dimmed(light)
    }

    /// Fades far surfaces into the colour of the horizon.
    private func haze(_ colour: RGB, distance: Double, direction: TownPoint) -> RGB {
        colour.mixed(with: sky(Vector3(direction.x, 0, direction.z)), amount: 1 - exp(-distance / 350))
    }

    package func sky(_ d: TownPoint) -> RGB {
        let height = max(0, d.y)
        let (horizon, zenith) =
            season == .summer
            ? (RGB(205, 222, 240), RGB(70, 120, 205)) : (RGB(216, 221, 229), RGB(150, 163, 183))
        var colour = horizon.mixed(with: zenith, amount: height.squareRoot())
        let angle = Degrees.degrees(fromRadians: acos(min(1, max(-1, d.dot(sun)))))
        if angle < 1.4 { return season == .summer ? RGB(255, 252, 235) : RGB(245, 240, 225) }
        if angle < 8 { colour = colour.mixed(with: RGB(255, 240, 205), amount: pow(1 - angle / 8, 2) * 0.6) }
        return colour
    }

    /// Facades get windows, ground-floor doors and shopfronts by position on the wall.
    private func surfaceColour(_ hit: Hit) -> RGB {
        switch hit.kind {
        case .plain(let colour), .roof(let colour), .foliage(let colour): return colour
        case .water: return RGB(70, 130, 185)
        case .lamp: return RGB(255, 236, 180)
        case .facade(let wall, let shop):
            guard hit.normal.y == 0 else { return wall }
            let u = hit.normal.x != 0 ? hit.point.z : hit.point.x
            let v = hit.point.y
            let across = u.positiveFraction(of: 3)
            if v < 3.2 {
                if let shop {
                    if v > 2.75 { return shop }
                    return v > 0.3 && u.positiveFraction(of: 4) > 0.1 ? shop.dimmed(0.35).mixed(with: RGB(40, 50, 60), amount: 0.5) : shop
                }
                return u.positiveFraction(of: 6) > 0.42 && u.positiveFraction(of: 6) < 0.58 && v < 2.3 ? RGB(100, 70, 50) : wall
            }
            guard across > 0.25, across < 0.75, v.positiveFraction(of: 3.2) > 0.3, v.positiveFraction(of: 3.2) < 0.8 else { return wall }
            let lit = season == .winter && Int((u / 3).rounded(.down) * 7 + (v / 3.2).rounded(.down) * 3) % 3 == 0
            return lit ? RGB(245, 205, 125) : RGB(70, 90, 120)
        }
    }

    /// Streets with lane markings, sidewalks with paving, the square, and grass (or snow).
    package func groundColour(x: Double, z: Double) -> RGB {
        let winter = season == .winter
        for street in TownPlan.streets {
            let alongX = street.start.1 == street.end.1
            let along = alongX ? x : z
            let across = abs(alongX ? z - street.start.1 : x - street.start.0)
            let low = alongX ? min(street.start.0, street.end.0) : min(street.start.1, street.end.1)
            let high = alongX ? max(street.start.0, street.end.0) : max(street.start.1, street.end.1)
            guard along >= low - street.halfWidth, along <= high + street.halfWidth else { continue }
            if across <= street.halfWidth {
                if across < 0.12 && along.positiveFraction(of: 6) < 0.5 { return winter ? RGB(190, 190, 185) : RGB(235, 235, 220) }
                if across > street.halfWidth - 0.35 && across < street.halfWidth - 0.2 { return RGB(225, 225, 215) }
                return winter ? RGB(100, 100, 106) : RGB(72, 72, 78)
            }
            if across <= street.halfWidth + street.sidewalk {
                if across < street.halfWidth + 0.25 { return RGB(200, 200, 195) }
                if winter { return RGB(228, 232, 238) }
                let joint = along.positiveFraction(of: 1.5) < 0.04 || across.positiveFraction(of: 1.5) < 0.04
                return joint ? RGB(150, 145, 138) : RGB(178, 172, 162)
            }
        }
        let square = TownPlan.square
        if x >= square.minX, x <= square.maxX, z >= square.minZ, z <= square.maxZ {
            if winter { return RGB(234, 237, 242) }
            return (Int((x / 2).rounded(.down)) + Int((z / 2).rounded(.down))) & 1 == 0 ? RGB(192, 182, 166) : RGB(168, 158, 146)
        }
        return winter ? RGB(240, 242, 246) : RGB(96, 142, 72)
    }
}

/// Inside the museum: a hall with columns and paintings; the upper level is lit and painted
/// differently so the floors are told apart at a glance.
package struct MuseumScene: PanoramaScene {
    package let level: Int
    private let boxes: [Box]

    /// Room half-extents, metres (x, z), and ceiling height.
    static let halfWidth = 12.0
    static let halfDepth = 10.0
    static let ceiling = 5.0

    package init(level: Int) {
        self.level = level
        let wall = level == 0 ? RGB(170, 50, 55) : RGB(60, 90, 130)
        let (w, d, h) = (Self.halfWidth, Self.halfDepth, Self.ceiling)
        var boxes = [
            Box(min: Vector3(-w, -0.3, -d), max: Vector3(w, 0, d), kind: .plain(level == 0 ? RGB(150, 110, 80) : RGB(190, 185, 175))),
            Box(min: Vector3(-w, h, -d), max: Vector3(w, h + 0.3, d), kind: .plain(RGB(235, 232, 225))),
            Box(min: Vector3(-w - 0.3, 0, -d), max: Vector3(-w, h, d), kind: .plain(wall)),
            Box(min: Vector3(w, 0, -d), max: Vector3(w + 0.3, h, d), kind: .plain(wall)),
            Box(min: Vector3(-w, 0, -d - 0.3), max: Vector3(w, h, -d), kind: .plain(wall)),
            Box(min: Vector3(-w, 0, d), max: Vector3(w, h, d + 0.3), kind: .plain(wall))
        ]
        for x in [-6.0, 6.0] {
            for z in [-4.0, 4.0] {
                boxes.append(
                    Box(min: Vector3(x - 0.35, 0, z - 0.35), max: Vector3(x + 0.35, h, z + 0.35), kind: .plain(RGB(240, 238, 230))))
            }
        }
        let paintings: [RGB] =
            level == 0
            ? [RGB(240, 200, 60), RGB(40, 120, 200), RGB(230, 120, 40), RGB(60, 160, 90)]
            : [RGB(200, 40, 120), RGB(250, 240, 200), RGB(90, 60, 160), RGB(20, 170, 170)]
        for (i, colour) in paintings.enumerated() {
            let x = -8.0 + Double(i) * 5.3
            boxes.append(Box(min: Vector3(x - 1.2, 1.4, d - 0.05), max: Vector3(x + 1.2, 3.2, d), kind: .plain(colour)))
            boxes.append(Box(min: Vector3(x - 1, 1.6, -d), max: Vector3(x + 1, 3, -d + 0.05), kind: .plain(paintings[(i + 2) % 4])))
        }
        self.boxes = boxes
    }

    package func colour(origin: TownPoint, direction d: TownPoint) -> RGB {
        var best: Hit?
        var nearest = Double.infinity
        for box in boxes {
            if let hit = Intersect.box(box, origin: origin, direction: d, limit: nearest) {
                best = hit
                nearest = hit.distance
            }
        }
        guard let best else { return RGB(20, 20, 20) }
        // Light from the ceiling: floors bright, walls a little less, the ceiling itself softer.
        let light = 0.6 + 0.35 * max(0, best.normal.y) + 0.15 * abs(best.normal.x)
        return best.kind.baseColour.dimmed(min(light, 1.0))
    }
}

extension SurfaceKind {
    var baseColour: RGB {
        switch self {
        case .plain(let c), .roof(let c), .foliage(let c): c
        case .facade(let wall, _): wall
        case .water: RGB(70, 130, 185)
        case .lamp: RGB(255, 236, 180)
        }
    }
}

extension RGB {
    /// This colour moved towards `other` by `amount` (0...1).
    func mixed(with other: RGB, amount: Double) -> RGB {
        let t = min(max(amount, 0), 1)
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
        return RGB(channel(r, other.r), channel(g, other.g), channel(b, other.b))
    }
}

extension Double {
    /// The fractional position of this value within repeating periods of `period`, [0, 1).
    func positiveFraction(of period: Double) -> Double {
        let x = self / period
        return x - x.rounded(.down)
    }
}

/// Renders a scene as an equirectangular panorama whose centre faces north.
package enum PanoramaRenderer {
    /// A `width` × `width/2` panorama seen from `eye`, rows split over `runner`.
    package static func render(_ scene: any PanoramaScene, eye: TownPoint, width: Int, runner: any ParallelRunner = SerialRunner())
        -> RGBImage
    {
        let height = width / 2
        var image = RGBImage(width: width, height: height)
        let canvas = EquirectCanvas(width: width, height: height)
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            let out = PixelBuffer(pointer: buffer)
            runner.run(height) { y in
                for x in 0..<width {
                    let c = scene.colour(origin: eye, direction: canvas.orientation(x: x, y: y).direction)
                    let i = (y * width + x) * 3
                    out.pointer[i] = c.r
                    out.pointer[i + 1] = c.g
                    out.pointer[i + 2] = c.b
                }
            }
        }
        return image
    }
}

/// Rows of one image written by parallel workers, each its own rows. `@unchecked`: the
/// compiler cannot see that the rows are disjoint and the buffer outlives the workers.
private struct PixelBuffer: @unchecked Sendable {
    let pointer: UnsafeMutableBufferPointer<UInt8>
}
