#if canImport(Glibc)
import Glibc
#endif
import CNcursesw
import Dispatch
import PanoCore
import PanoImage
import TermRender

/// A single panorama decoded at the size the first view needs (a JPEG by DCT scaling, 1/8 to
/// 1/1), decoded again, larger, on a worker thread when the view asks for more pixels than it
/// has: zooming in, or pixel graphics after the first frame. The view keeps the smaller image
/// until the larger one arrives.
public struct SharperDecode: Sendable {
    /// The image file.
    let path: String
    let centerHeading: Double
    let limits: DecodeLimits
    /// Pixels round the circle now.
    private(set) var width: Int
    /// Pixels round the circle being decoded, while a decode runs.
    private var pending: Int?
    /// The most pixels round the circle the file gives within `limits`; lowered to what a decode
    /// that came back no wider, or failed, had.
    private var widest: Int

    /// A larger decode is running.
    var isDecoding: Bool { pending != nil }

    /// The id arrivals are posted under.
    static let arrivalID = "sharper decode"

    /// For the panorama in the file at `path`, decoded `width` pixels round the circle of the
    /// `widest` it can be (`PanoramaLoader.loadScaled`).
    public init(path: String, centerHeading: Double = 0, limits: DecodeLimits = .standard, width: Int, widest: Int) {
        self.path = path
        self.centerHeading = centerHeading
        self.limits = limits
        self.width = width
        self.widest = widest
    }

    /// After a frame: starts a decode of as many pixels round the circle as the view needs (the
    /// pixels `view` has, or a cell picture of `columns` in `symbols`) when the image has fewer.
    mutating func ask(view: RGBImage?, columns: Int, symbols: SymbolSet, camera: PanoramaCamera, mailbox: ArrivalMailbox) {
        let needed = view.map { PanoramaLoader.neededWidth(viewWidth: $0.width, narrowestFOV: camera.effectiveFOV) }
            ?? Self.needed(columns: columns, symbols: symbols, camera: camera)
        ask(for: needed, mailbox: mailbox)
    }

    /// Starts a decode of at least `needed` pixels round the circle when the image has fewer,
    /// none is running, and the file (within `limits`) can give more. Posts to `mailbox`.
    mutating func ask(for needed: Int, mailbox: ArrivalMailbox) {
        guard needed > width, pending == nil, width < widest else { return }
        pending = needed
        let (path, centerHeading, limits) = (path, centerHeading, limits)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(PanoramaError) in
                try PanoramaLoader.load(path, centerHeading: centerHeading, limits: limits, minimumWidth: needed)
            }
            mailbox.post(.init(id: Self.arrivalID, result: result))
        }
    }

    /// Takes what arrived in `mailbox` (posted by `ask`): the image to show, or nil when none
    /// came, or it is no sharper (the file or the limits give no more) or failed, and then
    /// nothing more is asked of the file.
    mutating func arrived(in mailbox: ArrivalMailbox) -> EquirectPanorama? {
        var sharper: EquirectPanorama?
        for arrival in mailbox.take() where arrival.id == Self.arrivalID && pending != nil {
            pending = nil
            guard case let .success(image) = arrival.result, image.pyramid.levels[0].width > width else {
                widest = width
                continue
            }
            width = image.pyramid.levels[0].width
            sharper = image
        }
        return sharper
    }

    /// Pixels round the circle a view of `columns` cells in `symbols`, seen through `camera`, can
    /// resolve (the cell picture is reprojected at twice the symbols' resolution).
    public static func needed(columns: Int, symbols: SymbolSet, camera: PanoramaCamera) -> Int {
        let across = ViewPicture(symbols: symbols).pixelsPerCell.across * ViewPicture.supersampling
        return PanoramaLoader.neededWidth(viewWidth: columns * across, narrowestFOV: camera.effectiveFOV)
    }

    /// `needed(columns:symbols:camera:)` for the terminal on standard output now (80 columns
    /// when it does not say), for the first decode, before the screen is taken over.
    public static func neededAtStart(symbols: SymbolSet, camera: PanoramaCamera) -> Int {
        var rows: Int32 = 0
        var columns: Int32 = 0
        let known = sw_tty_size(STDOUT_FILENO, &rows, &columns) == 0 && columns > 0
        return needed(columns: known ? Int(columns) : 80, symbols: symbols, camera: camera)
    }
}
