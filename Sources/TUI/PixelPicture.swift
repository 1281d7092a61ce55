import Explorer
import PanoCore
import PanoImage
import TermRender

/// The view as real pixels through the kitty graphics protocol, when the terminal shows them:
/// the cell size its pixels are made for, and which view is on screen, so an unchanged view (a
/// new note, a focus change) is not sent again.
struct PixelPicture {
    /// The pixels in one cell; nil draws block symbols instead.
    private(set) var cell: PixelSize?
    /// What the image on screen shows.
    private var shown: String?

    /// Pixels for `format`, or for what the terminal answered when it is nil.
    init(format: PictureFormat?, capabilities: TerminalCapabilities, environment: [String: String]) {
        guard (format ?? PictureFormat.chosen(for: capabilities, environment: environment)) == .kitty else { return }
        cell = capabilities.cellPixels ?? PixelSize(width: 10, height: 20)
    }

    /// Pixels per cell for a frame of `quality`: half as many each way while moving (pixel
    /// frames are large), all of them on stop; nil for symbols.
    func pixelsPerCell(_ quality: FrameEncoder.Quality) -> (width: Double, height: Double)? {
        let scale = quality == .motion ? 0.5 : 1
        return cell.map { (Double($0.width) * scale, Double($0.height) * scale) }
    }

    /// The screen must be drawn again (resize, resume): the image too.
    mutating func forget() {
        shown = nil
    }

    /// The bytes that put `image` (the view `view` names) over `area`; empty when that view is
    /// on screen already. Pixels are given up, and symbols drawn, if the image cannot be encoded.
    mutating func bytes(for image: RGBImage, view: String, area: ViewArea) -> [UInt8] {
        guard view != shown else { return [] }
        do {
            let png = try PNGEncoder.encode(image, name: "the view")
            shown = view
            return KittyGraphics.place(png: png, row: area.top, column: 0, columns: area.columns, rows: area.rows)
        } catch {
            cell = nil
            return []
        }
    }
}
