import PanoCore
import ParallelDispatch
import TermRender

/// How sharp a minified view is without aliasing: a view (fov 90°, four headings) that shows the
/// panorama's texels `factor` times smaller, made each way the renderer can make it, against a
/// reference of 8×8 bilinear samples a pixel from the full-size image, box-averaged (PSNR).
/// Decides the mip level bias, and whether 2×2 supersampling (as the cell picture does) is
/// worth four times the pixels.
package enum MinifyBenchmark {
    package struct Row: Codable {
        package var source: String
        /// Texels per view pixel across the view's centre.
        package var factor: Int
        package var size: String
        package var method: String
        package var psnr_db: Double
    }

    package static let factors = [2, 4, 6]
    package static let headings = [10.0, 100, 190, 280]
    package static let referenceSamples = 8

    package static func run(source: String, image: RGBImage) -> [Row] {
        let runner = DispatchRunner()
        let filtered = EquirectPanorama(image: image)
        let plain = EquirectPanorama(image: image, prefiltered: false)
        let cameras = headings.map { PanoramaCamera(heading: $0, pitch: 4) }
        var rows: [Row] = []
        for factor in factors {
            // A 90° view spans a quarter of the panorama's width.
            let width = image.width / 4 / factor
            let size = (width, width * 9 / 16)
            guard size.1 >= 16 else { continue }
            let references = cameras.map { render(plain, $0, size: size, scale: referenceSamples, bias: 0, runner: runner) }
            var methods: [(String, (PanoramaCamera) -> RGBImage)] = [
                ("bilinear, no mip levels", { render(plain, $0, size: size, scale: 1, bias: 0, runner: runner) })
            ]
            for bias: Float in [0, -0.5, -1] {
                methods.append(
                    ("trilinear, level bias \(bias)", { render(filtered, $0, size: size, scale: 1, bias: bias, runner: runner) }))
            }
            for bias: Float in [0, -0.5] {
                methods.append(
                    ("2x2 supersampled, bias \(bias)", { render(filtered, $0, size: size, scale: 2, bias: bias, runner: runner) }))
            }
            for (name, make) in methods {
                let psnr = zip(cameras, references).map { ImageMetrics.psnr(make($0), $1) }.reduce(0, +) / Double(cameras.count)
                rows.append(Row(source: source, factor: factor, size: "\(size.0)x\(size.1)", method: name, psnr_db: psnr))
            }
        }
        return rows
    }

    /// The view at `scale`×`scale` samples a pixel, box-averaged down to `size`.
    private static func render(
        _ panorama: EquirectPanorama, _ camera: PanoramaCamera, size: (width: Int, height: Int), scale: Int,
        bias: Float, runner: DispatchRunner
    ) -> RGBImage {
        let (width, height) = size
        var reprojector = Reprojector()
        reprojector.levelBias = bias
        var large = RGBImage(width: width * scale, height: height * scale)
        reprojector.render(panorama, camera: camera, into: &large, runner: runner)
        guard scale > 1 else { return large }
        var view = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = (0, 0, 0)
                for dy in 0..<scale {
                    for dx in 0..<scale {
                        let colour = large[x * scale + dx, y * scale + dy]
                        sum = (sum.0 + Int(colour.r), sum.1 + Int(colour.g), sum.2 + Int(colour.b))
                    }
                }
                let count = scale * scale
                view[x, y] = RGB(UInt8((sum.0 + count / 2) / count), UInt8((sum.1 + count / 2) / count), UInt8((sum.2 + count / 2) / count))
            }
        }
        return view
    }
}
