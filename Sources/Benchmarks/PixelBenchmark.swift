import Dispatch
import FoundationEssentials
import PanoCore
import PanoImage
import ParallelDispatch
import TermRender

/// What one frame of real pixels costs, for each pixel format at two window sizes, from camera
/// to bytes on all cores: the view reprojected at the terminal's pixel size after a turn (ray
/// table reused, as during an animated turn) and as a new view; then fitted (sixel: a palette
/// and the dither; PNG and zlib: filter and compression) and encoded (sixel bytes, or base64 in
/// the protocol's escape sequences). Each step timed (median over three headings), the bytes
/// counted, and the picture's PSNR against the view.
package enum PixelBenchmark {
    package struct Row: Codable {
        package var source: String
        /// The view in pixels, e.g. "1600x900".
        package var size: String
        package var format: String
        /// Milliseconds to reproject the view after a turn, on all cores.
        package var reproject_turn_ms: Double
        /// Milliseconds to reproject a view of a new pitch (the ray table rebuilt), on all cores.
        package var reproject_new_view_ms: Double
        /// Milliseconds to fit the pixels: palette and dither, or filter and compression.
        package var fit_ms: Double
        /// Milliseconds from the fitted pixels to the terminal's bytes.
        package var encode_ms: Double
        /// Camera to bytes for a turn: reproject_turn_ms + fit_ms + encode_ms.
        package var frame_ms: Double
        package var bytes: Int
        package var psnr_db: Double
        /// PSNR after a 3×3 box blur of both pictures: what the eye sees a step back, where a
        /// dither's noise averages out and banding does not.
        package var blurred_psnr_db: Double
    }

    static let sizes = [(800, 450), (1600, 900)]
    package static let headings = [0.0, 120, 240]
    /// Timed runs of each step per heading, after an untimed one.
    package static let rounds = 5

    /// A format: its name, how a view is fitted (what comes out, and the pixels it shows), and
    /// how that becomes the terminal's bytes.
    struct Format: Sendable {
        let name: String
        let fit: @Sendable (RGBImage, any ParallelRunner) throws(ImageError) -> Fitted
        /// The fitted view and the view's size in pixels to the terminal's bytes.
        let encode: @Sendable (Fitted, (width: Int, height: Int), any ParallelRunner) -> [UInt8]
    }

    /// What a format's fitting step makes.
    enum Fitted: Sendable {
        case compressed([UInt8])
        case paletted(PalettedImage)

        /// The pixels the terminal shows for `view` (worked out after the timing).
        func shown(_ view: RGBImage) -> RGBImage {
            switch self {
            case .compressed: view
            case .paletted(let paletted): paletted.shown
            }
        }
    }

    static let formats: [Format] = [
        png("kitty png (libpng)", { image, _ throws(ImageError) in try PNGEncoder.encode(image, name: "view") }, kitty),
        png("kitty png (frame)", { image, runner in FramePNG.encode(image, runner: runner) }, kitty),
        Format(name: "kitty rgb zlib 1", fit: { image, _ in .compressed(ZlibStream.compress(image.pixels, level: 1)) }) {
            fitted, size, runner in
            guard case .compressed(let bytes) = fitted else { return [] }
            let pixels = PixelSize(width: size.width, height: size.height)
            return KittyGraphics.place(
                .zlibRGB(bytes, width: size.width, height: size.height), size: pixels, row: 0, column: 0,
                columns: 1, rows: 1, runner: runner)
        },
        png("iterm png (frame)", { image, runner in FramePNG.encode(image, runner: runner) }) { png, _, runner in
            ITermImage.place(png: png, row: 0, column: 0, columns: 1, rows: 1, runner: runner)
        },
        sixels("sixel 256 dithered", colours: 256, dithered: true),
        sixels("sixel 256", colours: 256, dithered: false),
        sixels("sixel 32 (motion)", colours: 32, dithered: false),
        sixels("sixel 16 dithered", colours: 16, dithered: true),
        sixels("sixel 16", colours: 16, dithered: false)
    ]

    package static func run(source: String, panorama: EquirectPanorama, scale: BenchScale) throws(ImageError) -> [Row] {
        let rounds = scale.pick(rounds, quick: 1)
        let runner = DispatchRunner()
        var picture = ViewPicture()
        var rows: [Row] = []
        for (width, height) in scale.pick(sizes, quick: [(80, 45)]) {
            var views: [RGBImage] = []
            var turnTimes: [Double] = []
            var newViewTimes: [Double] = []
            for (index, heading) in headings.enumerated() {
                // A new pitch rebuilds the ray table; a turn then reuses it.
                let pitch = Double(index * 7 - 7)
                for round in 0...rounds {
                    let offset = Double(rounds - round)  // the last round's view is the one kept
                    var start = DispatchTime.now()
                    _ = picture.pixels(
                        panorama, camera: PanoramaCamera(heading: heading - 2 - offset, pitch: pitch + offset),
                        width: width, height: height, runner: runner)
                    if round > 0 { newViewTimes.append(milliseconds(since: start)) }
                    start = DispatchTime.now()
                    let view = picture.pixels(
                        panorama, camera: PanoramaCamera(heading: heading - offset, pitch: pitch + offset),
                        width: width, height: height, runner: runner)
                    if round > 0 { turnTimes.append(milliseconds(since: start)) }
                    if round == rounds { views.append(view) }
                }
            }
            for format in formats {
                var fitTimes: [Double] = []
                var encodeTimes: [Double] = []
                var bytes = 0
                var psnr = 0.0
                var blurredPSNR = 0.0
                for view in views {
                    // Timed `rounds` times after one untimed run, medians kept: this machine's
                    // timings swing by tens of percent from one run to the next.
                    var fitted = try format.fit(view, runner)
                    var encoded = format.encode(fitted, (width, height), runner)
                    for _ in 0..<rounds {
                        var start = DispatchTime.now()
                        fitted = try format.fit(view, runner)
                        fitTimes.append(milliseconds(since: start))
                        start = DispatchTime.now()
                        encoded = format.encode(fitted, (width, height), runner)
                        encodeTimes.append(milliseconds(since: start))
                    }
                    bytes += encoded.count
                    let shown = fitted.shown(view)
                    psnr += ImageMetrics.psnr(shown, view)
                    blurredPSNR += ImageMetrics.psnr(blurred(shown), blurred(view))
                }
                let turn = BenchViews.median(turnTimes)
                let fit = BenchViews.median(fitTimes)
                let encode = BenchViews.median(encodeTimes)
                rows.append(
                    Row(
                        source: source, size: "\(width)x\(height)", format: format.name,
                        reproject_turn_ms: turn, reproject_new_view_ms: BenchViews.median(newViewTimes),
                        fit_ms: fit, encode_ms: encode, frame_ms: turn + fit + encode,
                        bytes: bytes / views.count, psnr_db: psnr / Double(views.count),
                        blurred_psnr_db: blurredPSNR / Double(views.count)))
            }
        }
        return rows
    }

    private static func png(
        _ name: String, _ compress: @escaping @Sendable (RGBImage, any ParallelRunner) throws(ImageError) -> [UInt8],
        _ place: @escaping @Sendable ([UInt8], (width: Int, height: Int), any ParallelRunner) -> [UInt8]
    ) -> Format {
        Format(name: name, fit: { (image, runner) throws(ImageError) in .compressed(try compress(image, runner)) }) {
            fitted, size, runner in
            guard case .compressed(let png) = fitted else { return [] }
            return place(png, size, runner)
        }
    }

    private static func kitty(_ png: [UInt8], size: (width: Int, height: Int), runner: any ParallelRunner) -> [UInt8] {
        KittyGraphics.place(
            .png(png), size: PixelSize(width: size.width, height: size.height), row: 0, column: 0, columns: 1, rows: 1, runner: runner)
    }

    private static func sixels(_ name: String, colours: Int, dithered: Bool) -> Format {
        Format(
            name: name,
            fit: { image, runner in
                .paletted(PalettedImage(image, colours: colours, dithered: dithered, runner: runner))
            }
        ) { fitted, _, runner in
            guard case .paletted(let paletted) = fitted else { return [] }
            return SixelEncoder.encode(paletted, runner: runner)
        }
    }

    /// Each pixel the mean of the 3×3 pixels around it (fewer at the edges).
    static func blurred(_ image: RGBImage) -> RGBImage {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                var sum = (0, 0, 0)
                var count = 0
                for dy in -1...1 where (0..<image.height).contains(y + dy) {
                    for dx in -1...1 where (0..<image.width).contains(x + dx) {
                        let colour = image[x + dx, y + dy]
                        sum = (sum.0 + Int(colour.r), sum.1 + Int(colour.g), sum.2 + Int(colour.b))
                        count += 1
                    }
                }
                out[x, y] = RGB(UInt8(sum.0 / count), UInt8(sum.1 / count), UInt8(sum.2 / count))
            }
        }
        return out
    }

    private static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }
}
