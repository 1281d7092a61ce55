#if canImport(Glibc)
import Glibc
#endif

/// Web Mercator's scale (EPSG:3857, the projection of OpenMapTiles' and every slippy map's
/// tiles): how many metres on the ground one pixel of a 256-pixel tile spans.
package enum WebMercator {
    /// The equator's length on the WGS 84 ellipsoid, metres (2π × 6,378,137).
    package static let equatorMetres = 40_075_016.686

    /// Metres a tile pixel spans at `latitude` (degrees, -85...85) on tiles of `zoom` (0...30).
    package static func metresPerPixel(latitude: Double, zoom: Double) -> Double {
        equatorMetres * cos(latitude * .pi / 180) / (256 * pow(2, zoom))
    }

    /// The zoom (not rounded) whose tile pixels span `metres` (> 0) at `latitude`.
    package static func zoom(metresPerPixel metres: Double, latitude: Double) -> Double {
        log2(equatorMetres * cos(latitude * .pi / 180) / (metres * 256))
    }
}
