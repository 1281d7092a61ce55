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
        func frame(heading: Double) -> CellGrid {
            reprojector.render(panorama, camera: PanoramaCamera(heading: heading, pitch: -5), into: &pixels, runner: runner)
            var grid = CellGrid(columns: columns, rows: rows)
            HalfBlockRasterizer.fill(&grid, from: pixels)
            return grid
        }
        let cells = Double(columns * rows)
        var encoder = FrameEncoder(colorMode: colorMode)
        var bytes: [UInt8] = []
        let startHeading = 20.0
        let first = frame(heading: startHeading)
        let firstPixels = pixels
        var firstTimes: [Double] = []
        for _ in 0..<20 {
            encoder.invalidate()
            let start = ContinuousClock.now
            encoder.encode(first, into: &bytes)
            firstTimes.append(ReprojectBenchmark.milliseconds(ContinuousClock.now - start))
        }
        let firstBytes = bytes.count

        var panBytes = 0
        var panTimes: [Double] = []
        var psnrs: [Double] = []
        var last = first
        for step in 1...panFrames {
            last = frame(heading: startHeading + Double(step) * panStep)
            let start = ContinuousClock.now
            encoder.encode(last, quality: .motion, into: &bytes)
            panTimes.append(ReprojectBenchmark.milliseconds(ContinuousClock.now - start))
            panBytes += bytes.count
            psnrs.append(psnr(shown: encoder.displayed!, intended: exactlyShown(last, mode: colorMode)))
        }
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
            motion_bytes_per_cell: Double(panBytes) / Double(panFrames) / cells,
            motion_psnr_db: psnrs.reduce(0, +) / Double(psnrs.count), motion_min_psnr_db: psnrs.min() ?? 0,
            stop_frame_bytes_per_cell: Double(stopBytes) / cells, idle_bytes: idleBytes, hud_digit_bytes: hudBytes,
            encode_ms: BenchViews.median(panTimes), first_frame_encode_ms: BenchViews.median(firstTimes)
        )
        return (firstPixels, report)
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
