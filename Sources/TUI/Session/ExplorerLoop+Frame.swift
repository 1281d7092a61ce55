import Explorer
import ExplorerSession
import ExplorerView
import PanoCore
import PanoImage
import StreetModel
import TermRender

#if canImport(Glibc)
import Glibc
#endif

extension ExplorerLoop {
    /// Composes the frame of `quality` for a terminal of `size` at `now` and returns the bytes to
    /// write (with any clipboard bytes ahead of them), framed for the link; empty when nothing on
    /// screen changed.
    mutating func draw(_ quality: FrameEncoder.Quality, size: (columns: Int, rows: Int), at now: Double) -> [UInt8] {
        link.shape(quality, drawing: drawing, encoder: &encoder, pixels: &pixels)
        composer.pixelsPerCell = pixels.pixelsPerCell(quality, cells: size.columns * size.rows)
        composer.dither = drawing.dither(quality, cells: settings.display.ditherCells)
        let drawn = ExplorerFrame.draw(
            composer: &composer, panorama: loading.panorama, state: state, header: header, display: shown,
            columns: size.columns, rows: size.rows, loadNote: loading.loadNote,
            blend: Self.blend(state, leaving: loading.leaving, now: now), runner: settings.runner
        )
        (viewArea, clickTargets) = (drawn.viewArea, drawn.clickTargets)
        let hadPixels = pixels.kind != nil
        var bytes: [UInt8] = []
        let view = viewKey(size: size, quality: quality, at: now)
        pixels.frame(
            drawn.grid, image: composer.viewImage, view: view, area: drawn.viewArea, quality: quality,
            encoder: &encoder, into: &bytes)
        if hadPixels && pixels.kind == nil { pacer.requestRedraw() }  // given up: symbols next frame
        noteOnScreen.drawn(&state, at: now)
        let rendered = Self.renderedSize(view: composer.viewImage, area: drawn.viewArea, symbols: shown.symbols)
        loading.frameDrawn(
            view: composer.viewImage, columns: size.columns, symbols: shown.symbols, camera: state.camera, rendered: rendered)
        // The clipboard's bytes go with a frame: the writer takes one write at a time.
        guard !bytes.isEmpty || !clipboard.isEmpty else { return [] }
        tell { $0.happened(.didStartRendering, in: state, at: now) }
        (clipboard, bytes) = ([], clipboard + bytes)
        tell { $0.drew(state, at: now) }
        return link.send(bytes, quality: quality, at: now)
    }

    /// Everything the pixel picture depends on: the same key means the same picture.
    private func viewKey(size: (columns: Int, rows: Int), quality: FrameEncoder.Quality, at now: Double) -> String {
        "\(state.camera) \(loading.shownID ?? "") \(loading.leaving?.id ?? "") \(size) \(quality) \(String(describing: state.focus)) "
            + "\(state.map != nil) \(state.transition.map { $0.progress(at: now) } ?? 1)"
    }

    /// The top line: where you are, when, and whose picture it is.
    private var header: String? {
        switch settings.scenery {
        case .image(_, let title): title
        case .dataset: ExplorerFrame.header(of: state)
        }
    }

    /// How much nearer a step brings what is ahead: the old view is magnified this much by the
    /// end of the blend, and the new one starts this much wider, as Street View's move zooms
    /// toward the way while it blends, so the two meet at one scale and the step reads as
    /// forward, not as a double exposure.
    static let stepMagnification = 1.4

    /// The blend while the state's transition lasts: the panorama being left fades as it zooms
    /// from 1 to `stepMagnification`, the new one comes in zooming from 1/`stepMagnification`
    /// to 1; at every moment the two are `stepMagnification` apart.
    static func blend(_ state: ExplorerState, leaving: (id: String, image: EquirectPanorama)?, now: Double) -> FrameComposer.Blend? {
        guard let transition = state.transition, let leaving, leaving.id == transition.from.id else { return nil }
        let amount = transition.progress(at: now)
        return FrameComposer.Blend(
            from: leaving.image, camera: state.camera.magnified(by: pow(stepMagnification, amount)), amount: amount,
            arrivingMagnification: pow(stepMagnification, amount - 1))
    }

    /// The pixels the view was reprojected at: the pixel picture's, or the cells' at the symbols'
    /// resolution, supersampled.
    static func renderedSize(view: RGBImage?, area: ViewArea, symbols: SymbolSet) -> (width: Int, height: Int) {
        if let view { return (view.width, view.height) }
        let (across, down) = ViewPicture.pixelsPerCell(symbols)
        return (area.columns * across * ViewPicture.supersampling, area.rows * down * ViewPicture.supersampling)
    }
}
