import PanoCore

/// The view drawn into cells: reprojected at twice the resolution the symbols need along each
/// side, box-filtered down (each sub-pixel the mean of 2×2 rendered pixels, which keeps detail
/// without aliasing), then fitted into half blocks or finer symbols. Keeps its buffers, so a
/// frame of an unchanged size allocates nothing.
public struct ViewPicture: Sendable {
    /// The symbols the picture is drawn with.
    public var symbols = SymbolSet.half
    /// The dither its cells are drawn with in 256 or 16 colours; nil for none.
    public var dither: CellDither?
    /// Pixels rendered along each side for each pixel the symbols are fitted to.
    public static let supersampling = 2
    /// Cell rows drawn at a time (a snapshot's: its tables are those of a band, not the whole
    /// view); nil for the whole view at once, its tables kept for the next frame (the explorer).
    public var bandRows: Int?

    private var reprojector = Reprojector()
    private var rendered = RGBImage(width: 0, height: 0)
    private var reduced = RGBImage(width: 0, height: 0)
    /// For blends: the view of the panorama being left.
    private var fadingReprojector = Reprojector()
    private var fading = RGBImage(width: 0, height: 0)

    public init(symbols: SymbolSet = .half) {
        self.symbols = symbols
    }

    /// Pixels the symbols are fitted to, per cell: 1×2 for half blocks, 2×4 for finer sets.
    public var pixelsPerCell: (across: Int, down: Int) {
        Self.pixelsPerCell(symbols)
    }

    /// Pixels `symbols` are fitted to, per cell: 1×2 for half blocks, 2×4 for finer sets.
    public static func pixelsPerCell(_ symbols: SymbolSet) -> (across: Int, down: Int) {
        symbols == .half ? (1, 2) : (SymbolRasterizer.pixelsPerColumn, SymbolRasterizer.pixelsPerRow)
    }

    /// Draws `camera`'s view of `panorama` into rows [firstRow, firstRow + rows) of `grid`, all
    /// its columns, with `blend` (a panorama being left) faded over it.
    public mutating func draw(
        _ panorama: EquirectPanorama, camera: PanoramaCamera, into grid: inout CellGrid, firstRow: Int = 0,
        rows: Int, blend: FrameComposer.Blend? = nil, runner: any ParallelRunner = SerialRunner()
    ) {
        let (across, down) = pixelsPerCell
        let width = grid.columns * across
        let ss = Self.supersampling
        if let bandRows, blend == nil {
            // Band by band, each reprojected as that part of the whole view: the same cells.
            var first = 0
            while first < rows {
                let count = min(max(1, bandRows), rows - first)
                Self.resize(&rendered, width: width * ss, height: count * down * ss)
                reprojector.render(panorama, camera: camera, into: &rendered, band: (first * down * ss, rows * down * ss), runner: runner)
                fill(&grid, firstRow: firstRow + first, width: width, height: count * down)
                first += count
            }
            reprojector = Reprojector()
        } else {
            render(panorama, camera: camera, width: width * ss, height: rows * down * ss, blend: blend, runner: runner)
            fill(&grid, firstRow: firstRow, width: width, height: rows * down)
        }
        dither?.apply(to: &grid, rows: firstRow..<(firstRow + rows))
    }

    /// `rendered` box-filtered to `width`×`height` and fitted into the cells from `firstRow` on.
    private mutating func fill(_ grid: inout CellGrid, firstRow: Int, width: Int, height: Int) {
        Self.resize(&reduced, width: width, height: height)
        Self.halve(rendered, into: &reduced)
        if symbols == .half {
            HalfBlockRasterizer.fill(&grid, from: reduced, firstRow: firstRow)
        } else {
            SymbolRasterizer.fill(&grid, from: reduced, symbols: symbols, firstRow: firstRow)
        }
    }

    /// The view as `width`×`height` pixels (for pixel graphics), with `blend` faded over it.
    public mutating func pixels(
        _ panorama: EquirectPanorama, camera: PanoramaCamera, width: Int, height: Int,
        blend: FrameComposer.Blend? = nil, runner: any ParallelRunner = SerialRunner()
    ) -> RGBImage {
        render(panorama, camera: camera, width: width, height: height, blend: blend, runner: runner)
        return rendered
    }

    /// Reprojects the view into `rendered` at `width`×`height`, and fades `blend` over it.
    private mutating func render(
        _ panorama: EquirectPanorama, camera: PanoramaCamera, width: Int, height: Int,
        blend: FrameComposer.Blend?, runner: any ParallelRunner
    ) {
        Self.resize(&rendered, width: width, height: height)
        let arriving = blend.map { camera.magnified(by: $0.arrivingMagnification) } ?? camera
        reprojector.render(panorama, camera: arriving, into: &rendered, runner: runner)
        if let blend {
            Self.resize(&fading, width: width, height: height)
            fadingReprojector.render(blend.from, camera: blend.camera, into: &fading, runner: runner)
            FrameComposer.mix(&rendered, with: fading, weight: 1 - blend.amount)
        }
    }

    private static func resize(_ image: inout RGBImage, width: Int, height: Int) {
        if image.width != width || image.height != height { image = RGBImage(width: width, height: height) }
    }

    /// Each pixel of `target` the mean of the 2×2 block of `source` it covers (`source` is twice
    /// its size).
    static func halve(_ source: RGBImage, into target: inout RGBImage) {
        let (width, height, sourceWidth) = (target.width, target.height, source.width)
        source.pixels.withUnsafeBufferPointer { from in
            target.pixels.withUnsafeMutableBufferPointer { to in
                for y in 0..<height {
                    let top = 2 * y * sourceWidth * 3
                    let bottom = top + sourceWidth * 3
                    for x in 0..<width {
                        for channel in 0..<3 {
                            let left = 6 * x + channel
                            let sum =
                                Int(from[top + left]) + Int(from[top + left + 3]) + Int(from[bottom + left]) + Int(from[bottom + left + 3])
                            to[(y * width + x) * 3 + channel] = UInt8((sum + 2) >> 2)
                        }
                    }
                }
            }
        }
    }
}
