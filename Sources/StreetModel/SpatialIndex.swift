import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// Finds points near a coordinate quickly: points are bucketed in a grid of cells about
/// `cellSize` metres on a side, and a query visits only the cells within its radius.
package struct SpatialIndex: Sendable {
    private struct CellKey: Hashable, Sendable {
        let row: Int32
        let column: Int32
    }

    /// Cell height in degrees of latitude.
    private let cellDegrees: Double
    private var cells: [CellKey: [Int32]] = [:]
    private var coordinates: [Coordinate] = []

    /// An empty index with cells `cellSize` metres high (and as wide at the equator).
    package init(cellSize: Double = 100) {
        cellDegrees = cellSize / (Coordinate.earthRadius * .pi / 180)
    }

    /// Adds a point; its handle is its position in insertion order, from 0.
    package mutating func insert(_ coordinate: Coordinate) {
        let handle = Int32(coordinates.count)
        coordinates.append(coordinate)
        cells[key(for: coordinate), default: []].append(handle)
    }

    private func key(for coordinate: Coordinate) -> CellKey {
        CellKey(
            row: Int32((coordinate.latitude / cellDegrees).rounded(.down)),
            column: Int32((coordinate.longitude / cellDegrees).rounded(.down)))
    }

    /// Handles of the points within `radius` metres of `centre`, nearest first, with distances.
    package func near(_ centre: Coordinate, radius: Double) -> [(handle: Int, distance: Double)] {
        guard radius >= 0, !coordinates.isEmpty else { return [] }
        let latitudeSpan = radius / (Coordinate.earthRadius * .pi / 180)
        let cosLatitude = max(cos(Degrees.radians(min(abs(centre.latitude) + latitudeSpan, 89.9))), 1e-6)
        let longitudeSpan = min(latitudeSpan / cosLatitude, 180)
        let rows =
            Int32(
                ((centre.latitude - latitudeSpan) / cellDegrees).rounded(.down))...Int32(
                ((centre.latitude + latitudeSpan) / cellDegrees).rounded(.down))
        let columnLow = Int32(((centre.longitude - longitudeSpan) / cellDegrees).rounded(.down))
        let columnHigh = Int32(((centre.longitude + longitudeSpan) / cellDegrees).rounded(.down))
        var found: [(handle: Int, distance: Double)] = []
        if Int(columnHigh - columnLow) * rows.count > cells.count {
            // A radius wider than the data: look at every cell instead.
            for (_, handles) in cells { collect(handles, centre: centre, radius: radius, into: &found) }
        } else {
            for row in rows {
                for column in columnLow...columnHigh {
                    if let handles = cells[CellKey(row: row, column: column)] {
                        collect(handles, centre: centre, radius: radius, into: &found)
                    }
                }
            }
        }
        return found.sorted { $0.distance < $1.distance || ($0.distance == $1.distance && $0.handle < $1.handle) }
    }

    private func collect(_ handles: [Int32], centre: Coordinate, radius: Double, into found: inout [(handle: Int, distance: Double)]) {
        for handle in handles {
            let distance = centre.distance(to: coordinates[Int(handle)])
            if distance <= radius { found.append((Int(handle), distance)) }
        }
    }
}
