import PanoCore
import ParallelDispatch
import TermRender

/// How close what the terminal shows is to the view, for each symbol set and colour mode: the
/// frame's cells painted back into pixels (`CellPicture`, 6×12 a cell) against the view
/// reprojected at that resolution (PSNR), and the bytes of the full frame per cell.
enum FidelityBenchmark {
    struct Row: Codable {
        var source: String
        var symbols: String
        var color_mode: String
        var psnr_db: Double
        var bytes_per_cell: Double
    }

    static let columns = 100
    static let rows = 30
    /// The views measured: (heading, pitch) degrees.
    static let views: [(Double, Double)] = [(0, -5), (120, 0), (240, 5)]

    /// One row per symbol set and colour mode for `panorama`, each the mean over `views`; and
    /// the views themselves, at 6×12 pixels a cell.
    static func run(source: String, panorama: EquirectPanorama) -> (rows: [Row], views: [RGBImage]) {
        let runner = DispatchRunner()
        var reprojector = Reprojector()
        var rows: [Row] = []
        let references = views.map { heading, pitch in
            var image = RGBImage(width: columns * CellPicture.pixelsPerColumn, height: Self.rows * CellPicture.pixelsPerRow)
            reprojector.render(panorama, camera: PanoramaCamera(heading: heading, pitch: pitch), into: &image, runner: runner)
            return image
        }
        for symbols in SymbolSet.allCases {
            let grids = views.map { heading, pitch in frame(panorama, camera: PanoramaCamera(heading: heading, pitch: pitch), symbols: symbols) }
            for mode in [ColorMode.truecolor, .palette256, .ansi16] {
                var encoder = FrameEncoder(colorMode: mode)
                var psnr = 0.0
                var bytes = 0
                for (grid, reference) in zip(grids, references) {
                    psnr += ImageMetrics.psnr(CellPicture.render(encoder.shownExactly(grid)), reference)
                    var out: [UInt8] = []
                    encoder.invalidate()
                    encoder.encode(grid, into: &out)
                    bytes += out.count
                }
                rows.append(Row(source: source, symbols: symbols.rawValue, color_mode: mode.rawValue, psnr_db: psnr / Double(views.count),
                                bytes_per_cell: Double(bytes) / Double(views.count * columns * Self.rows)))
            }
        }
        return (rows, references)
    }

    /// How close ANSI art of `columns`×`rows` cells (another program's) is to `reference`, a view
    /// at 6×12 pixels a cell: PSNR, and its bytes per cell.
    static func score(ansi: [UInt8], reference: RGBImage) -> (psnr: Double, bytesPerCell: Double) {
        let grid = AnsiArtReader.read(ansi, columns: columns, rows: rows)
        return (ImageMetrics.psnr(CellPicture.render(grid), reference), Double(ansi.count) / Double(columns * rows))
    }

    /// The cells for one view, as the explorer draws its picture.
    static func frame(_ panorama: EquirectPanorama, camera: PanoramaCamera, symbols: SymbolSet) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        var picture = ViewPicture(symbols: symbols)
        picture.draw(panorama, camera: camera, into: &grid, rows: rows, runner: DispatchRunner())
        return grid
    }
}
