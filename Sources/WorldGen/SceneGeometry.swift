import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// A point or direction in the town's local frame, metres: x east, y up, z north.
package typealias TownPoint = Vector3

/// What a surface is, for shading.
package enum SurfaceKind: Equatable, Sendable {
    /// A building facade with windows; `floors` above ground, `shop` colours the ground floor.
    case facade(wall: RGB, shop: RGB?)
    case roof(RGB)
    case plain(RGB)
    /// Water in the fountain.
    case water
    /// Foliage of a tree.
    case foliage(RGB)
    /// A glowing lamp globe.
    case lamp
}

/// An axis-aligned box, metres.
package struct Box: Sendable {
    package let min: TownPoint
    package let max: TownPoint
    package let kind: SurfaceKind
    /// Which landmark or building this is part of, for tests and markers ("museum", "tower"...).
    package let name: String?

    package init(min: TownPoint, max: TownPoint, kind: SurfaceKind, name: String? = nil) {
        self.min = min
        self.max = max
        self.kind = kind
        self.name = name
    }
}

/// A sphere, metres.
package struct Sphere: Sendable {
    package let centre: TownPoint
    package let radius: Double
    package let kind: SurfaceKind
    package let name: String?

    package init(centre: TownPoint, radius: Double, kind: SurfaceKind, name: String? = nil) {
        self.centre = centre
        self.radius = radius
        self.kind = kind
        self.name = name
    }
}

/// Where a ray meets the scene.
package struct Hit: Sendable {
    /// Distance along the (unit) ray, metres.
    package let distance: Double
    package let point: TownPoint
    /// Unit normal facing the ray.
    package let normal: TownPoint
    package let kind: SurfaceKind
    package let name: String?
}

enum Intersect {
    /// Slab test; the normal is that of the face entered.
    @inline(__always)
    static func box(_ box: Box, origin o: TownPoint, direction d: TownPoint, limit: Double) -> Hit? {
        var tNear = -Double.infinity
        var tFar = Double.infinity
        var axis = 0
        @inline(__always) func slab(_ origin: Double, _ dir: Double, _ low: Double, _ high: Double, _ index: Int) -> Bool {
            if abs(dir) < 1e-12 { return origin >= low && origin <= high }
            var t1 = (low - origin) / dir
            var t2 = (high - origin) / dir
            if t1 > t2 { swap(&t1, &t2) }
            if t1 > tNear {
                tNear = t1
                axis = index
            }
            if t2 < tFar { tFar = t2 }
            return tNear <= tFar && tFar >= 0
        }
        guard slab(o.x, d.x, box.min.x, box.max.x, 0), slab(o.y, d.y, box.min.y, box.max.y, 1),
            slab(o.z, d.z, box.min.z, box.max.z, 2), tNear > 1e-6, tNear < limit
        else { return nil }
        let normal: TownPoint
        switch axis {
        case 0: normal = Vector3(d.x > 0 ? -1 : 1, 0, 0)
        case 1: normal = Vector3(0, d.y > 0 ? -1 : 1, 0)
        default: normal = Vector3(0, 0, d.z > 0 ? -1 : 1)
        }
        return Hit(distance: tNear, point: o + d * tNear, normal: normal, kind: box.kind, name: box.name)
    }

    static func sphere(_ sphere: Sphere, origin o: TownPoint, direction d: TownPoint, limit: Double) -> Hit? {
        let oc = o - sphere.centre
        let b = oc.dot(d)
        let c = oc.dot(oc) - sphere.radius * sphere.radius
        let disc = b * b - c
        guard disc >= 0 else { return nil }
        let root = disc.squareRoot()
        var t = -b - root
        if t <= 1e-6 { t = -b + root }
        guard t > 1e-6, t < limit else { return nil }
        let point = o + d * t
        let n = (point - sphere.centre) * (1 / sphere.radius)
        return Hit(distance: t, point: point, normal: n, kind: sphere.kind, name: sphere.name)
    }
}
