import Foundation
import PanoCore
import PanoImage
import ParallelDispatch
import TermRender

/// What one frame of real pixels costs, for each pixel format at two window sizes: the view
/// reprojected at the terminal's pixel size, then encoded as kitty graphics (PNG), an iTerm2
/// image (PNG) or sixels (a fitted palette, dithered or not, then the sixel bytes); each step
/// timed (median over three headings), the bytes counted, and the picture's PSNR against the view.
enum PixelBenchmark {
    struct Row: Codable {
        var source: String
        /// The view in pixels, e.g. "1600x900".
        var size: String
        var format: String
        /// Milliseconds to reproject the view, on all cores.
        var reproject_ms: Double
        /// Milliseconds from pixels to bytes: palette, dither and sixels, or PNG and base64.
        var encode_ms: Double
        var bytes: Int
        var psnr_db: Double
        /// PSNR after a 3×3 box blur of both pictures: what the eye sees a step back, where a
        /// dither's noise averages out and banding does not.
        var blurred_psnr_db: Double
    }

    static let sizes = [(800, 450), (1600, 900)]
    static let headings = [0.0, 120, 240]

    /// The formats measured: name, and how a view becomes bytes and the pixels shown.
    static let formats: [(name: String, encode: @Sendable (RGBImage) throws(ImageError) -> (bytes: [UInt8], shown: RGBImage))] = [
        ("kitty png", { (image) throws(ImageError) in
            (KittyGraphics.place(png: try PNGEncoder.encode(image, name: "view"), row: 0, column: 0, columns: 1, rows: 1), image)
        }),
        ("iterm png", { (image) throws(ImageError) in
            (ITermImage.place(png: try PNGEncoder.encode(image, name: "view"), row: 0, column: 0, columns: 1, rows: 1), image)
        }),
        ("sixel 256 dithered", { image in sixels(image, colours: 256, dithered: true) }),
        ("sixel 256", { image in sixels(image, colours: 256, dithered: false) }),
        ("sixel 32 (motion)", { image in sixels(image, colours: 32, dithered: false) }),
        ("sixel 16 dithered", { image in sixels(image, colours: 16, dithered: true) }),
        ("sixel 16", { image in sixels(image, colours: 16, dithered: false) }),
    ]

    static func run(source: String, panorama: EquirectPanorama) throws(ImageError) -> [Row] {
        let runner = DispatchRunner()
        var picture = ViewPicture()
        var rows: [Row] = []
        for (width, height) in sizes {
            var views: [RGBImage] = []
            var reprojectTimes: [Double] = []
            for heading in headings {
                let start = DispatchTime.now()
                views.append(picture.pixels(panorama, camera: PanoramaCamera(heading: heading), width: width, height: height, runner: runner))
                reprojectTimes.append(milliseconds(since: start))
            }
            for format in formats {
                var times: [Double] = []
                var bytes = 0
                var psnr = 0.0
                var blurredPSNR = 0.0
                for view in views {
                    let start = DispatchTime.now()
                    let (encoded, shown) = try format.encode(view)
                    times.append(milliseconds(since: start))
                    bytes += encoded.count
                    psnr += ImageMetrics.psnr(shown, view)
                    blurredPSNR += ImageMetrics.psnr(blurred(shown), blurred(view))
                }
                rows.append(Row(source: source, size: "\(width)x\(height)", format: format.name,
                                reproject_ms: BenchViews.median(reprojectTimes), encode_ms: BenchViews.median(times),
                                bytes: bytes / views.count, psnr_db: psnr / Double(views.count),
                                blurred_psnr_db: blurredPSNR / Double(views.count)))
            }
        }
        return rows
    }

    private static func sixels(_ image: RGBImage, colours: Int, dithered: Bool) -> ([UInt8], RGBImage) {
        let paletted = PalettedImage(image, colours: colours, dithered: dithered)
        return (SixelEncoder.encode(paletted), paletted.shown)
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
