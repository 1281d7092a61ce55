import PanoCore
import ParallelDispatch
import TermRender

/// Does the picture flicker, or its pattern crawl? For each way of drawing it (symbol sets in
/// each colour mode, and sixels), the mean change per pixel channel (levels, 0...255) between two
/// consecutive frames: of a still camera (which must be 0), and of a pan by one pixel of the
/// picture, against the same pan of the view itself. A dither that crawled, or colours that
/// jumped, would make the picture change more than the view does (ratio above 1).
package enum FlickerBenchmark {
    package struct Row: Codable {
        package var source: String
        package var mode: String
        /// Mean change of a still camera's two frames.
        package var still_change: Double
        /// Mean change of the shown picture over a one-pixel pan.
        package var pan_change: Double
        /// Mean change of the view itself over the same pan.
        package var view_pan_change: Double
        /// pan_change / view_pan_change.
        package var ratio: Double
    }

    package static let columns = 100
    package static let rows = 30
    static let camera = PanoramaCamera(heading: 30, pitch: -3)

    package static func run(source: String, panorama: EquirectPanorama) -> [Row] {
        var measured: [Row] = []
        let (width, height) = (columns * CellPicture.pixelsPerColumn, rows * CellPicture.pixelsPerRow)
        // One pixel of the measured picture, in degrees of heading.
        let step = camera.effectiveFOV / Double(width)
        var panned = camera
        panned.heading += step
        var reprojector = Reprojector()
        func view(_ camera: PanoramaCamera) -> RGBImage {
            var image = RGBImage(width: width, height: height)
            reprojector.render(panorama, camera: camera, into: &image, runner: DispatchRunner())
            return image
        }
        let (before, after) = (view(camera), view(panned))
        let viewChange = meanChange(before, after)
        func row(_ mode: String, _ shown: (PanoramaCamera) -> RGBImage) -> Row {
            let first = shown(camera)
            let pan = meanChange(first, shown(panned))
            return Row(
                source: source, mode: mode, still_change: meanChange(first, shown(camera)), pan_change: pan,
                view_pan_change: viewChange, ratio: viewChange > 0 ? pan / viewChange : 0)
        }
        for symbols in [SymbolSet.half, .sextant] {
            for colours in [ColorMode.truecolor, .palette256, .ansi16] {
                let encoder = FrameEncoder(colorMode: colours)
                measured.append(
                    row("\(symbols.rawValue) \(colours.rawValue)") { camera in
                        CellPicture.render(encoder.shownExactly(FidelityBenchmark.frame(panorama, camera: camera, symbols: symbols)))
                    })
            }
        }
        measured.append(row("sixel 256") { camera in PalettedImage(view(camera), colours: 256, dithered: false).shown })
        measured.append(row("sixel 256 dithered") { camera in PalettedImage(view(camera), colours: 256, dithered: true).shown })
        measured.append(row("sixel 32 (motion)") { camera in PalettedImage(view(camera), colours: 32, dithered: false).shown })
        return measured
    }

    /// Mean absolute difference per channel, in levels.
    static func meanChange(_ a: RGBImage, _ b: RGBImage) -> Double {
        guard a.pixels.count == b.pixels.count, !a.pixels.isEmpty else { return 0 }
        var total = 0
        for index in a.pixels.indices { total += abs(Int(a.pixels[index]) - Int(b.pixels[index])) }
        return Double(total) / Double(a.pixels.count)
    }
}
