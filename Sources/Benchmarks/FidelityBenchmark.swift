import PanoCore
import ParallelDispatch
import TermRender

/// How close what the terminal shows is to the view, for each symbol set and colour mode: the
/// frame's cells painted back into pixels (`CellPicture`, 6×12 a cell) against the view
/// reprojected at that resolution (PSNR), and the bytes of the full frame per cell.
package enum FidelityBenchmark {
    package struct Row: Codable {
        package var source: String
        package var symbols: String
        package var color_mode: String
        /// `ordered`, `diffusion` or `none`: the 256- and 16-colour picture's dither (`CellDither`).
        package var dither: String
        package var psnr_db: Double
        /// Mean CIELAB ΔE after a blur of one cell's width (`PerceivedColourError`): what the eye
        /// sees of the colours, dithered or not.
        package var delta_e_blurred: Double
        package var bytes_per_cell: Double
        /// In truecolor, undithered: the PSNR no picture of two colours a cell with these
        /// symbols can pass (`TwoColourBound`); nil in other rows.
        package var bound_psnr_db: Double?
    }

    /// The blur the perceived colour error is taken after, pixels: one cell's width at 6×12 pixels a cell.
    static let perceivedSigma = Double(CellPicture.pixelsPerColumn)

    package static let columns = 100
    package static let rows = 30
    /// The views measured: (heading, pitch) degrees.
    package static let views: [(Double, Double)] = [(0, -5), (120, 0), (240, 5)]

    /// One row per symbol set and colour mode for `panorama`, each the mean over `views`; and
    /// the views themselves, at 6×12 pixels a cell.
    package static func run(source: String, panorama: EquirectPanorama) -> (rows: [Row], views: [RGBImage]) {
        let runner = DispatchRunner()
        var reprojector = Reprojector()
        var rows: [Row] = []
        let references = views.map { heading, pitch in
            var image = RGBImage(width: columns * CellPicture.pixelsPerColumn, height: Self.rows * CellPicture.pixelsPerRow)
            reprojector.render(panorama, camera: PanoramaCamera(heading: heading, pitch: pitch), into: &image, runner: runner)
            return image
        }
        for symbols in SymbolSet.allCases {
            let bound = references.map { TwoColourBound.psnr($0, symbols: symbols) }.reduce(0, +) / Double(references.count)
            for mode in [ColorMode.truecolor, .palette256, .ansi16] {
                let dithers = CellDither.forMode(mode, ansi: .xterm).map { chosen in
                    CellDither.Method.allCases.filter { $0 != .pairs || mode == .palette256 }.map {
                        CellDither(palette: chosen.palette, method: $0)
                    }
                }
                for dither in [nil] + (dithers ?? []) {
                    let grids = views.map { heading, pitch in
                        frame(panorama, camera: PanoramaCamera(heading: heading, pitch: pitch), symbols: symbols, dither: dither)
                    }
                    var measured = row(
                        grids, references: references, mode: mode, source: source, symbols: symbols,
                        dither: dither?.method.rawValue ?? "none")
                    if mode == .truecolor, dither == nil { measured.bound_psnr_db = bound }
                    rows.append(measured)
                }
            }
        }
        return (rows, references)
    }

    /// The scores of one symbol set and colour mode: the means over the views' `grids`.
    private static func row(
        _ grids: [CellGrid], references: [RGBImage], mode: ColorMode, source: String, symbols: SymbolSet,
        dither: String
    ) -> Row {
        var encoder = FrameEncoder(colorMode: mode)
        var (psnr, deltaE, bytes) = (0.0, 0.0, 0)
        for (grid, reference) in zip(grids, references) {
            let shown = CellPicture.render(encoder.shownExactly(grid))
            psnr += ImageMetrics.psnr(shown, reference)
            deltaE += PerceivedColourError.meanDeltaE(shown, reference, sigma: perceivedSigma)
            var out: [UInt8] = []
            encoder.invalidate()
            encoder.encode(grid, into: &out)
            bytes += out.count
        }
        let count = Double(grids.count)
        return Row(
            source: source, symbols: symbols.rawValue, color_mode: mode.rawValue, dither: dither,
            psnr_db: psnr / count, delta_e_blurred: deltaE / count, bytes_per_cell: Double(bytes) / (count * Double(columns * rows)))
    }

    /// How close ANSI art of `columns`×`rows` cells (another program's) is to `reference`, a view
    /// at 6×12 pixels a cell: PSNR, and its bytes per cell.
    package static func score(ansi: [UInt8], reference: RGBImage) -> (psnr: Double, deltaE: Double, bytesPerCell: Double) {
        let shown = CellPicture.render(AnsiArtReader.read(ansi, columns: columns, rows: rows))
        return (
            ImageMetrics.psnr(shown, reference), PerceivedColourError.meanDeltaE(shown, reference, sigma: perceivedSigma),
            Double(ansi.count) / Double(columns * rows)
        )
    }

    /// The cells for one view, as the explorer draws its picture.
    static func frame(_ panorama: EquirectPanorama, camera: PanoramaCamera, symbols: SymbolSet, dither: CellDither? = nil) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        var picture = ViewPicture(symbols: symbols)
        picture.dither = dither
        picture.draw(panorama, camera: camera, into: &grid, rows: rows, runner: DispatchRunner())
        return grid
    }
}
