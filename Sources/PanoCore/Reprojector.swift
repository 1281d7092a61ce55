/// Renders the perspective view of an equirectangular panorama. It keeps its ray table while
/// the viewport size, pitch, roll and fov stay the same, so a turn costs no trigonometry, and
/// rendering into an existing image allocates nothing.
public struct Reprojector: Sendable {
    /// Added to each pixel's mip level (log2 of its footprint in texels): negative samples finer
    /// levels, sharper and closer to aliasing. −0.5 by default: against 8×8 samples a pixel it is
    /// 4.1–5.2 dB closer than 0 at every minification measured, and −1 aliases where the view is
    /// only twice smaller (`sidewalk bench minify`, docs/performance.md). `TileWindow` picks
    /// tiles by the same rule.
    public static let defaultLevelBias: Float = -0.5
    /// This renderer's level bias, `defaultLevelBias` unless set.
    public var levelBias = defaultLevelBias
    /// The loop that samples a full sphere: the same bytes from each; the fastest unless set.
    public var samplerKernel = SamplerKernel.fastest
    private var rays: ViewRays?
    /// Where the rays land on the panorama's image, and on its detail layer.
    private var imageTable = SampleTable()
    private var detailTable = SampleTable()

    public init() {}

    /// Texels the last `render` read per pixel of the panorama's image (not its detail layer),
    /// 4...8: four where a pixel samples one mip level, eight where it blends two. 0 before any.
    public var texelsPerPixel: Double {
        let blends = imageTable.levelBlends
        guard !blends.isEmpty else { return 0 }
        let blending = blends.reduce(0) { $0 + ($1 & 0xFF == 0 ? 0 : 1) }
        return 4 + 4 * Double(blending) / Double(blends.count)
    }

    /// Fills `output` (its size is the viewport size, in pixels) with what `camera` sees of
    /// `panorama`: bilinear where the view magnifies, trilinear from the mip pyramid where it
    /// minifies, seamless across the ±180° wrap, and from the panorama's detail layer wherever it
    /// covers. Work is split over `runner`. With `band`, `output` is rows `band.rows` of a view
    /// `band.viewHeight` rows high (a large snapshot drawn a band at a time, so the per-pixel
    /// tables cover a band, not the view).
    public mutating func render(
        _ panorama: EquirectPanorama, camera: PanoramaCamera, into output: inout RGBImage,
        band: (firstRow: Int, viewHeight: Int)? = nil, runner: any ParallelRunner = SerialRunner()
    ) {
        guard output.width > 0, output.height > 0 else { return }
        let viewHeight = band?.viewHeight ?? output.height
        let rows = band.map { $0.firstRow..<($0.firstRow + output.height) }
        let key = ViewRays.key(for: camera, width: output.width, height: viewHeight, rows: rows)
        if rays == nil {
            rays = ViewRays(camera: camera, width: output.width, height: viewHeight, rows: rows, runner: runner)
        } else if rays?.key != key {
            rays?.rebuild(camera: camera, width: output.width, height: viewHeight, rows: rows, runner: runner)
        }
        guard let rays else { return }
        let shiftTurns = Degrees.wrap180(camera.heading - panorama.centerHeading) / 360
        let detail = panorama.detail
        // A detail layer round the whole sphere hides the image entirely.
        if detail?.coverage.isFullSphere != true {
            imageTable.update(rays: rays, pyramid: panorama.pyramid, coverage: panorama.coverage, bias: levelBias, runner: runner)
            Self.sample(
                panorama.pyramid, panorama.coverage, keepsOutside: false, table: imageTable,
                shiftTurns: shiftTurns, into: &output, runner: runner, kernel: samplerKernel)
        }
        if let detail {
            detailTable.update(rays: rays, pyramid: detail.pyramid, coverage: detail.coverage, bias: levelBias, runner: runner)
            Self.sample(
                detail.pyramid, detail.coverage, keepsOutside: true, table: detailTable,
                shiftTurns: shiftTurns, into: &output, runner: runner, kernel: samplerKernel)
        }
    }

    /// What `camera` sees of `panorama` in a `width`×`height` image, drawn `bandRows` rows at a
    /// time (each band as `render` draws those rows of the whole view, so the picture is the
    /// same), for one-off pictures such as snapshots: the per-pixel tables, about 16 bytes a
    /// pixel, then cover a band (17 MB for 4096×256) rather than the view (134 MB for 4096×2048).
    public static func renderInBands(
        _ panorama: EquirectPanorama, camera: PanoramaCamera, width: Int, height: Int, bandRows: Int = 256,
        runner: any ParallelRunner = SerialRunner()
    ) -> RGBImage {
        var view = RGBImage(width: width, height: height)
        var reprojector = Reprojector()
        var first = 0
        while first < height {
            let rows = min(max(1, bandRows), height - first)
            var band = RGBImage(width: width, height: rows)
            reprojector.render(panorama, camera: camera, into: &band, band: (first, height), runner: runner)
            view.pixels.replaceSubrange((first * width * 3)..<((first + rows) * width * 3), with: band.pixels)
            first += rows
        }
        return view
    }

    /// One sampling pass of `pyramid` over every ray; `shiftTurns` is the camera's heading from
    /// the sphere's centre, in turns, [-0.5, 0.5].
    private static func sample(
        _ pyramid: MipPyramid, _ coverage: PanoramaCoverage, keepsOutside: Bool, table: SampleTable,
        shiftTurns: Double, into output: inout RGBImage, runner: any ParallelRunner, kernel: SamplerKernel
    ) {
        // The column of the sphere's left edge at heading 0 is half a turn left of the centre.
        var shift = (Int(((shiftTurns + 0.5) * Double(table.span)).rounded()) - table.left) % table.span
        if shift < 0 { shift += table.span }
        sample(
            pyramid, isFullSphere: coverage.isFullSphere, keepsOutside: keepsOutside, table: table, shift: shift, into: &output,
            runner: runner, kernel: kernel)
    }

    /// One sampling pass of `pyramid` over every ray, each ray's column moved by `shift` (in the
    /// table's units, [0, span)), by `kernel`'s loop.
    static func sample(
        _ pyramid: MipPyramid, isFullSphere: Bool, keepsOutside: Bool, table: SampleTable, shift: Int, into output: inout RGBImage,
        runner: any ParallelRunner, kernel: SamplerKernel = .fastest
    ) {
        let count = output.width * output.height
        pyramid.texels.withUnsafeBufferPointer { texels in
            table.levels.withUnsafeBufferPointer { levels in
                table.columns.withUnsafeBufferPointer { columns in
                    table.rows.withUnsafeBufferPointer { rows in
                        table.levelBlends.withUnsafeBufferPointer { levelBlends in
                            output.pixels.withUnsafeMutableBufferPointer { out in
                                EquirectSampler.weightTable.withUnsafeBufferPointer { weights in
                                    let sampler = EquirectSampler(
                                        texels: texels, levels: levels, isFullSphere: isFullSphere, keepsOutside: keepsOutside,
                                        shift: shift, span: table.span, columns: columns, rows: rows, levelBlends: levelBlends, output: out,
                                        weights: weights, kernel: kernel
                                    )
                                    runner.forEachRange(of: count) { sampler.sample($0) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
