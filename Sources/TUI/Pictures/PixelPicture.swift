import Explorer
import ExplorerView
import PanoCore
import PanoImage
import TermRender

/// The view as real pixels, when the terminal shows them (kitty graphics, sixels, iTerm2
/// images): the cell size its pixels are made for, and which view is on screen, so an
/// unchanged view (a new note, a focus change) is not sent again.
///
/// kitty's image is shown over the view's cells but not over its labels (`KittyGraphics.pieces`),
/// so the cell frame is written first and the picture after it. Sixels and iTerm2
/// images are drawn over the cells, and text written later over the image replaces it there: so
/// a new image goes between two cell frames, the first clearing the view's cells (labels that
/// moved leave no holes in the image) and the second writing the labels on top of it.
struct PixelPicture {
    /// The protocol in use.
    enum Kind: Equatable {
        case kitty
        /// Sixels in a palette of this many colours (2...256), dithered on stop or not.
        case sixels(colours: Int, dithered: Bool)
        case iterm
    }

    /// The protocol; nil draws block symbols instead.
    private(set) var kind: Kind?
    /// Maps, compresses and encodes frames in parallel.
    var runner: any ParallelRunner = SerialRunner()
    /// The share of a cell's pixels each way in a moving kitty or iTerm2 picture, 0...1: less on
    /// a slow link (`LinkAdaptation.Motion.pixelScale`).
    var motionScale = LinkAdaptation.Motion.full.pixelScale
    /// The pixels in one cell.
    private(set) var cell = PixelSize(width: 10, height: 20)
    /// What the image on screen shows.
    private var shown: String?
    /// The kitty image id on screen; a new picture takes the other (`KittyGraphics.imageIDs`).
    private var kittyID = KittyGraphics.imageIDs[0]
    /// The size in pixels of the kitty picture on screen, and the pieces it is shown through.
    private var shownSize: PixelSize?
    private var shownPieces: [KittyGraphics.Piece] = []
    /// The view's cells drawn over a sixel or iTerm2 image with it, which change forces the image again.
    private var shownOverlay: [Cell] = []

    /// Cells of this size are assumed when the terminal does not tell (kitty and iTerm2 scale
    /// the image to the cells anyway).
    static let assumedCell = PixelSize(width: 10, height: 20)
    /// The palette of a sixel frame while the camera moves: fewer colours, far fewer bytes.
    static let motionSixelColours = 32

    /// Pixels for `format`, or for what the terminal answered when it is nil, in a window of
    /// `columns`×`rows` cells.
    init(format: PictureFormat?, dithered: Bool, capabilities: TerminalCapabilities, environment: [String: String], columns: Int, rows: Int)
    {
        // Known for symbols too: a recording's header says it (`CastRecorder`).
        cell = capabilities.cellPixels(columns: columns, rows: rows) ?? Self.assumedCell
        switch format ?? PictureFormat.chosen(for: capabilities, environment: environment, columns: columns, rows: rows) {
        case .symbols: return
        case .kitty: kind = .kitty
        case .sixels: kind = .sixels(colours: min(max(capabilities.sixelColours ?? 256, 2), 256), dithered: dithered)
        case .iterm: kind = .iterm
        }
    }

    /// What must be said on the way out, also after a crash: kitty's image is deleted with its data.
    var closingBytes: [UInt8]? {
        kind == .kitty ? KittyGraphics.delete : nil
    }

    /// The most pixels a picture has, whatever the terminal's cells: 200×60 cells of 10×20 pixels.
    /// Past it kitty and iTerm2 are sent fewer pixels and scale them to the cells, and a sixel
    /// picture (which the terminal does not scale) covers less than the view. A kitty picture
    /// this size cost 139 MB in issue 36's hostile-terminal pass (not yet re-measured by a
    /// command in this repository), inside the explorer's 320 MB.
    static let pixelBudget = 2_400_000

    /// Pixels per cell for a frame of `quality` on a screen of `cells` cells; nil for symbols.
    /// Scaled images (kitty, iTerm2) have `motionScale` as many each way while moving (pixel
    /// frames are large), all of them on stop; sixels are not scaled by the terminal, so they keep
    /// every pixel and drop colours instead. Never more than `pixelBudget` on the screen.
    func pixelsPerCell(_ quality: FrameEncoder.Quality, cells: Int) -> (width: Double, height: Double)? {
        guard let kind else { return nil }
        let full = Double(max(cells, 1) * cell.width * cell.height)
        let budget = min(1, (Double(Self.pixelBudget) / full).squareRoot())
        let scale = min(budget, quality == .motion && !kind.isSixels ? motionScale : 1)
        return (Double(cell.width) * scale, Double(cell.height) * scale)
    }

    /// The screen must be drawn again (resize, resume): the image too.
    mutating func forget() {
        shown = nil
    }

    /// Replaces `bytes` with what turns the screen into `grid` with `image` (the view `view`
    /// names, nil when there is none) over `area`. `view` is asked for only in pixels.
    mutating func frame(
        _ grid: CellGrid, image: RGBImage?, view: @autoclosure () -> String, area: ViewArea,
        quality: FrameEncoder.Quality, encoder: inout FrameEncoder, into bytes: inout [UInt8]
    ) {
        guard let kind, let image else {
            encoder.encode(grid, quality: quality, into: &bytes)
            // No picture in this frame (the full map in the view's place): kitty keeps showing an
            // image until it is deleted, over whatever the cells now say; the others' images are
            // overwritten by the cells. Either way the picture is sent afresh when it comes back.
            if kind == .kitty, shown != nil { bytes = KittyGraphics.delete + bytes }
            (shown, shownSize, shownPieces, shownOverlay) = (nil, nil, [], [])
            return
        }
        let view = view()
        let areaCells = area.top * grid.columns..<(area.top + area.rows) * grid.columns
        let overlay = grid.cells[areaCells]
        if kind == .kitty {
            kittyFrame(
                grid, image: image, view: view, pieces: KittyGraphics.pieces(around: overlay, columns: area.columns, rows: area.rows),
                area: area, quality: quality, encoder: &encoder, into: &bytes)
            return
        }
        guard view != shown || !overlay.elementsEqual(shownOverlay) else {
            encoder.encode(grid, quality: quality, into: &bytes)
            return
        }
        (shown, shownOverlay) = (view, Array(overlay))
        let picture = picture(image, kind: kind, quality: quality, area: area)
        var cleared = grid
        for index in areaCells { cleared.cells[index] = .seeThrough }
        var clearing: [UInt8] = []
        var labels: [UInt8] = []
        encoder.wrapsFrames = false
        encoder.encode(cleared, quality: .exact, into: &clearing)
        encoder.encode(grid, quality: quality, into: &labels)
        encoder.wrapsFrames = true
        bytes =
            EscapeSequence.beginSynchronizedUpdate + EscapeSequence.saveCursor + clearing + picture + labels
            + EscapeSequence.restoreCursor + EscapeSequence.endSynchronizedUpdate
    }

    /// A kitty frame: the cells, then a new picture when the view changed, or the picture on
    /// screen placed again when only the labels over it moved (`pieces`); a label that changes
    /// colour or text alone (a focus) sends no picture, as the pieces are the same.
    private mutating func kittyFrame(
        _ grid: CellGrid, image: RGBImage, view: String, pieces: [KittyGraphics.Piece], area: ViewArea,
        quality: FrameEncoder.Quality, encoder: inout FrameEncoder, into bytes: inout [UInt8]
    ) {
        guard view != shown || pieces != shownPieces else {
            encoder.encode(grid, quality: quality, into: &bytes)
            return
        }
        var cells: [UInt8] = []
        encoder.wrapsFrames = false
        encoder.encode(grid, quality: quality, into: &cells)
        encoder.wrapsFrames = true
        let picture: [UInt8]
        if view == shown, let size = shownSize {
            picture = KittyGraphics.replace(
                pieces: pieces, id: kittyID, size: size, row: area.top, column: 0, columns: area.columns, rows: area.rows)
        } else {
            kittyID = KittyGraphics.next(after: kittyID)
            picture = self.picture(image, kind: .kitty, quality: quality, area: area, pieces: pieces)
            (shown, shownSize) = (view, PixelSize(width: image.width, height: image.height))
        }
        shownPieces = pieces
        bytes =
            EscapeSequence.beginSynchronizedUpdate + EscapeSequence.saveCursor + cells + picture
            + EscapeSequence.restoreCursor + EscapeSequence.endSynchronizedUpdate
    }

    /// The bytes that show `image` over `area` (kitty's through `pieces` only).
    private func picture(
        _ image: RGBImage, kind: Kind, quality: FrameEncoder.Quality, area: ViewArea,
        pieces: [KittyGraphics.Piece] = []
    ) -> [UInt8] {
        if case .sixels(let colours, let dithered) = kind {
            let count = quality == .motion ? min(colours, Self.motionSixelColours) : colours
            let paletted = PalettedImage(image, colours: count, dithered: dithered && quality == .exact, runner: runner)
            return EscapeSequence.cursorPosition(row: area.top, column: 0) + SixelEncoder.encode(paletted, runner: runner)
        }
        // The frame PNG: 6–7 ms against libpng's 105–496 ms at 1600×900, for 1.5–3.6 times the bytes
        // (docs/decisions.md, 2026-12-01).
        let png = FramePNG.encode(image, runner: runner)
        if kind == .kitty {
            return KittyGraphics.place(
                .png(png), size: PixelSize(width: image.width, height: image.height), id: kittyID,
                row: area.top, column: 0, columns: area.columns, rows: area.rows, pieces: pieces, runner: runner)
        }
        return ITermImage.place(png: png, row: area.top, column: 0, columns: area.columns, rows: area.rows, runner: runner)
    }
}

extension PixelPicture.Kind {
    var isSixels: Bool {
        if case .sixels = self { true } else { false }
    }

}
