import PanoCore
import StreetModel

/// A street for the sharded-dataset tests: panoramas 40 m apart running north from 48.195°,
/// 16.3705°, each linked to the one before and after, all showing images/a.png. The 0.01° shard
/// boundary at 48.20° lies between p13 and p14, 555 m from p0.
package enum NorthwardStreet {
    package static func panoramas(count: Int) -> [Panorama] {
        let origin = Coordinate(latitude: 48.195, longitude: 16.3705)!
        let places = (0..<count).map { origin.offset(by: Double($0) * 40, bearing: 0) }
        return places.indices.map { (i: Int) -> Panorama in
            let neighbours = [i - 1, i + 1].filter(places.indices.contains)
            let links = neighbours.map { Link(target: "p\($0)", heading: places[i].bearing(to: places[$0])) }
            return Panorama(id: "p\(i)", imagePath: "images/a.png", coordinate: places[i], description: "Stop \(i)", links: links)
        }
    }
}
