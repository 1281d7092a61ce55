import PanoCore
import TestSupport
import Testing

@testable import TermRender

/// A snapshot's picture drawn a band of cell rows at a time (`ViewPicture.bandRows`) is the
/// picture drawn whole, cell for cell, in every symbol set and with the dither: banding is a
/// memory bound, never a different picture.
@Suite("View picture in bands")
struct ViewPictureBandTests {
    @Test("bands of 1, 3 and 7 rows give the whole view's cells", arguments: SymbolSet.allCases)
    func bandsAreTheWholeView(symbols: SymbolSet) {
        let panorama = EquirectPanorama(image: NaturalTexture.panorama(width: 256))
        let camera = PanoramaCamera(heading: 30, pitch: 12, zoom: 1.5)
        var whole = ViewPicture(symbols: symbols)
        whole.dither = CellDither.forMode(.palette256, ansi: .xterm)
        var expected = CellGrid(columns: 37, rows: 19)
        whole.draw(panorama, camera: camera, into: &expected, firstRow: 2, rows: 16)
        for rows in [1, 3, 7] {
            var banded = ViewPicture(symbols: symbols)
            banded.dither = whole.dither
            banded.bandRows = rows
            var grid = CellGrid(columns: 37, rows: 19)
            banded.draw(panorama, camera: camera, into: &grid, firstRow: 2, rows: 16)
            let differing = zip(grid.cells, expected.cells).filter { $0 != $1 }.count
            #expect(differing == 0, "bands of \(rows): \(differing) cells differ")
        }
    }
}
