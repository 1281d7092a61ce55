import StreetMap
import Testing

/// Web Mercator's scale against the OpenStreetMap wiki's "Zoom levels" table (metres per pixel
/// of a 256-pixel tile at the equator: 156,543.03 at zoom 0, 4.777 at 15, 0.149 at 20).
@Suite("Web Mercator's scale")
struct WebMercatorTests {
    @Test("metres a pixel spans, at the equator and at 60° north (half), and the zoom back from them")
    func scale() {
        #expect(abs(WebMercator.metresPerPixel(latitude: 0, zoom: 0) - 156_543.03) < 0.01)
        #expect(abs(WebMercator.metresPerPixel(latitude: 0, zoom: 15) - 4.777) < 0.001)
        #expect(abs(WebMercator.metresPerPixel(latitude: 0, zoom: 20) - 0.149) < 0.001)
        #expect(abs(WebMercator.metresPerPixel(latitude: 60, zoom: 15) - 4.777 / 2) < 0.001)
        #expect(abs(WebMercator.zoom(metresPerPixel: 4.777, latitude: 0) - 15) < 0.001)
        #expect(abs(PlacesAround.metresPerDot(latitude: 46.94, zoom: 15) - WebMercator.metresPerPixel(latitude: 46.94, zoom: 15)) < 1e-9)
    }
}
