import PanoCore
import ParallelDispatch
import TermRender

/// Measures the terminal output for a 200×60-cell view: bytes per cell of the first frame, of a
/// standard pan (30 motion frames of 2°), of the exact frame after it stops, and when idle; the
/// PSNR of what the terminal shows during the pan against the exact frames; the bytes of a
/// one-digit status change; and the encode time per frame.
package enum EncodeBenchmark {
    package struct Report: Codable {
        package var color_mode: String
        package var columns: Int
        package var rows: Int
        package var first_frame_bytes_per_cell: Double
        package var motion_bytes_per_cell: Double
        /// Mean CIELAB ΔE of what the terminal shows during the pan against the view, after a
        /// blur of one cell's width (`PerceivedColourError`): the scene's colours while it moves.
        package var motion_delta_e_blurred: Double
        /// The same two figures with the motion frames' palette colours the nearest entries (no
        /// `CellDither.motion`), measured in the same run; nil where nothing is dithered in motion.
        package var undithered_motion_bytes_per_cell: Double?
        package var undithered_motion_delta_e_blurred: Double?
        /// PSNR of what the terminal shows during the pan against the exact frames.
        package var motion_psnr_db: Double
        package var motion_min_psnr_db: Double
        package var stop_frame_bytes_per_cell: Double
        package var idle_bytes: Int
        package var hud_digit_bytes: Int
        /// Median time to encode one pan frame, milliseconds.
        package var encode_ms: Double
        /// Median time to encode a full first frame, milliseconds.
        package var first_frame_encode_ms: Double
    }

    static let columns = 200
    static let rows = 60
    static let panFrames = 30
    static let panStep = 2.0

    /// The first frame's pixels (for comparing with other renderers), and the report.
    package static func run(panorama: EquirectPanorama, colorMode: ColorMode) -> (firstFrame: RGBImage, report: Report) {
        let runner = DispatchRunner()
        var reprojector = Reprojector()
        var pixels = RGBImage(width: columns, height: rows * 2)
        func frame(heading: Double) -> (CellGrid, RGBImage) {
            reprojector.render(panorama, camera: PanoramaCamera(heading: heading, pitch: -5), into: &pixels, runner: runner)
            var grid = CellGrid(columns: columns, rows: rows)
            HalfBlockRasterizer.fill(&grid, from: pixels)
            return (grid, pixels)
        }
        let cells = Double(columns * rows)
        var encoder = FrameEncoder(colorMode: colorMode)
        var bytes: [UInt8] = []
        let startHeading = 20.0
        let first = frame(heading: startHeading).0
        let firstPixels = pixels
        var firstTimes: [Double] = []
        for _ in 0..<20 {
            encoder.invalidate()
            let start = ContinuousClock.now
            encoder.encode(first, into: &bytes)
            firstTimes.append(ReprojectBenchmark.milliseconds(ContinuousClock.now - start))
        }
        let firstBytes = bytes.count

        let drawn = pan(from: startHeading, encoder: &encoder, dither: CellDither.motion(colorMode), frame: frame)
        var plain: Pan?
        if CellDither.motion(colorMode) != nil {
            var plainEncoder = FrameEncoder(colorMode: colorMode)
            plainEncoder.encode(first, into: &bytes)
            plain = pan(from: startHeading, encoder: &plainEncoder, dither: nil, frame: frame)
        }
        let last = drawn.last
        encoder.encode(last, into: &bytes)
        let stopBytes = bytes.count
        encoder.encode(last, into: &bytes)
        let idleBytes = bytes.count

        // A one-digit change in a status line.
        var withStatus = last
        TextLayout.draw("Heading 123° E", into: &withStatus, row: rows - 1, column: 1, width: 30, foreground: .white, background: .black)
        encoder.encode(withStatus, into: &bytes)
        TextLayout.draw("Heading 124° E", into: &withStatus, row: rows - 1, column: 1, width: 30, foreground: .white, background: .black)
        encoder.encode(withStatus, into: &bytes)
        let hudBytes = bytes.count

        let report = Report(
            color_mode: colorMode.rawValue, columns: columns, rows: rows,
            first_frame_bytes_per_cell: Double(firstBytes) / cells,
            motion_bytes_per_cell: drawn.bytesPerFrame / cells, motion_delta_e_blurred: drawn.deltaE,
            undithered_motion_bytes_per_cell: plain.map { $0.bytesPerFrame / cells }, undithered_motion_delta_e_blurred: plain?.deltaE,
            motion_psnr_db: drawn.psnrs.reduce(0, +) / Double(drawn.psnrs.count), motion_min_psnr_db: drawn.psnrs.min() ?? 0,
            stop_frame_bytes_per_cell: Double(stopBytes) / cells, idle_bytes: idleBytes, hud_digit_bytes: hudBytes,
            encode_ms: BenchViews.median(drawn.times), first_frame_encode_ms: BenchViews.median(firstTimes)
        )
        return (firstPixels, report)
    }

    /// What a pan showed: bytes per frame, encode times (ms), PSNR against the exact frames,
    /// blurred ΔE against the view, and the last frame's cells.
    struct Pan {
        var bytesPerFrame: Double
        var times: [Double]
        var psnrs: [Double]
        var deltaE: Double
        var last: CellGrid
    }

    /// Pans `panFrames` steps from `heading`, each frame's picture dithered with `dither`,
    /// encoded as motion frames.
    private static func pan(
        from heading: Double, encoder: inout FrameEncoder, dither: CellDither?, frame: (Double) -> (CellGrid, RGBImage)
    ) -> Pan {
        var result = Pan(bytesPerFrame: 0, times: [], psnrs: [], deltaE: 0, last: CellGrid(columns: 0, rows: 0))
        var bytes: [UInt8] = []
        for step in 1...panFrames {
            var (grid, view) = frame(heading + Double(step) * panStep)
            let intended = exactlyShown(grid, mode: encoder.colorMode)
            dither?.apply(to: &grid, rows: 0..<grid.rows)
            let start = ContinuousClock.now
            encoder.encode(grid, quality: .motion, into: &bytes)
            result.times.append(ReprojectBenchmark.milliseconds(ContinuousClock.now - start))
            result.bytesPerFrame += Double(bytes.count) / Double(panFrames)
            result.psnrs.append(psnr(shown: encoder.displayed!, intended: intended))
            result.deltaE += PerceivedColourError.meanDeltaE(samples(encoder.displayed!), view, sigma: 1) / Double(panFrames)
            result.last = grid
        }
        return result
    }

    /// A grid's halves as pixels, one a half: the size the grid was filled from.
    private static func samples(_ grid: CellGrid) -> RGBImage {
        var image = RGBImage(width: grid.columns, height: grid.rows * 2)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid[column, row]
                let (top, bottom) = cell.halves ?? (cell.foreground, cell.background)
                image[column, 2 * row] = top
                image[column, 2 * row + 1] = bottom
            }
        }
        return image
    }

    /// The frame as an exact frame in this mode would show it.
    private static func exactlyShown(_ frame: CellGrid, mode: ColorMode) -> CellGrid {
        var encoder = FrameEncoder(colorMode: mode)
        var bytes: [UInt8] = []
        encoder.encode(frame, into: &bytes)
        return encoder.displayed!
    }

    /// PSNR over the two halves (pixels) of every cell, whichever glyph shows them.
    private static func psnr(shown: CellGrid, intended: CellGrid) -> Double {
        func samples(_ grid: CellGrid) -> [UInt8] {
            grid.cells.flatMap { cell in
                let (top, bottom) = cell.halves ?? (cell.foreground, cell.background)
                return [top.r, top.g, top.b, bottom.r, bottom.g, bottom.b]
            }
        }
        return ImageMetrics.psnr(samples(shown), samples(intended))
    }
}
