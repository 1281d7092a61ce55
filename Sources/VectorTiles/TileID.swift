import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// A tile of the web map's pyramid (Web Mercator, "slippy map" numbering: x east from −180°,
/// y south from 85.05° N): zoom `z`, 0...30, and x, y in 0..<2^z.
package struct TileID: Hashable, Sendable, CustomStringConvertible {
    package var z: Int
    package var x: Int
    package var y: Int

    package init(z: Int, x: Int, y: Int) {
        (self.z, self.x, self.y) = (z, x, y)
    }

    package var description: String { "\(z)/\(x)/\(y)" }

    /// The deepest zoom a tile may have: 2^30 tiles a side, as PMTiles and TileJSON allow.
    package static let deepestZoom = 30

    /// The tile holding `place` at zoom `z`, and where in it, as fractions (0...1, y down).
    package static func containing(_ place: Coordinate, zoom z: Int) -> (tile: TileID, fraction: (x: Double, y: Double)) {
        let (x, y) = worldFraction(place)
        let scale = Double(1 << z)
        let column = min(max(Int((x * scale).rounded(.down)), 0), (1 << z) - 1)
        let row = min(max(Int((y * scale).rounded(.down)), 0), (1 << z) - 1)
        return (TileID(z: z, x: column, y: row), (x * scale - Double(column), y * scale - Double(row)))
    }

    /// Where `place` is on the whole web map, as fractions (0...1, x east, y south).
    package static func worldFraction(_ place: Coordinate) -> (x: Double, y: Double) {
        let latitude = min(max(place.latitude, -85.0511), 85.0511) * .pi / 180
        let y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2
        return ((place.longitude + 180) / 360, y)
    }

    /// The place at (`fx`, `fy`) within this tile (fractions, y down).
    package func coordinate(x fx: Double, y fy: Double) -> Coordinate? {
        let scale = Double(1 << z)
        let longitude = (Double(x) + fx) / scale * 360 - 180
        let mercator = .pi * (1 - 2 * (Double(y) + fy) / scale)
        return Coordinate(latitude: atan(sinh(mercator)) * 180 / .pi, longitude: longitude)
    }

    /// PMTiles' tile id: the tiles of lower zooms first, then the position along the zoom's
    /// Hilbert curve; nil outside the pyramid.
    package var hilbertID: UInt64? {
        guard (0...Self.deepestZoom).contains(z), (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y) else { return nil }
        var accumulated = (UInt64(1) << (2 * UInt64(z)) - 1) / 3
        var (tx, ty) = (UInt64(x), UInt64(y))
        var level = z - 1
        while level >= 0 {
            let side = UInt64(1) << UInt64(level)
            let rx: UInt64 = tx & side != 0 ? 1 : 0
            let ry: UInt64 = ty & side != 0 ? 1 : 0
            accumulated += ((3 * rx) ^ ry) * side * side
            // Rotate the quadrant, as the Hilbert curve turns.
            if ry == 0 {
                if rx == 1 {
                    tx = side - 1 - (tx & (side - 1)) + (tx & ~(side - 1))
                    ty = side - 1 - (ty & (side - 1)) + (ty & ~(side - 1))
                }
                swap(&tx, &ty)
            }
            level -= 1
        }
        return accumulated
    }
}
