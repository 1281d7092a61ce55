import Datasets
import PanoCore
import PanoImage
import StreetModel
import SystemIO
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// A panorama decoded at the size the first view needs (a JPEG by DCT scaling, 1/8 to 1/1),
/// decoded again, larger, on a worker thread when the view asks for more pixels than it has:
/// zooming in, or pixel graphics after the first frame. The view keeps the smaller image until
/// the larger one arrives. One for the panorama on screen: a single image, or a dataset's.
package struct SharperDecode: Sendable {
    /// Decodes the panorama to at least this many pixels round the circle, and says the widest
    /// it could be decoded.
    package typealias Load = @Sendable (_ minimumWidth: Int) throws(PanoramaError) -> (panorama: EquirectPanorama, widest: Int)

    /// Whose image this is: arrivals for another panorama are not taken.
    package let id: String
    private let load: Load
    /// Pixels round the circle now.
    private(set) var width: Int
    /// Pixels round the circle being decoded, while a decode runs.
    private var pending: Int?
    /// The most pixels round the circle the image gives within the decode limits; lowered to
    /// what a decode that came back no wider, or failed, had.
    private var widest: Int

    /// A larger decode is running.
    package var isDecoding: Bool { pending != nil }

    /// The id its arrivals are posted under.
    package var arrivalID: String { "sharper decode of " + id }

    /// For the panorama `id`, decoded `width` pixels round the circle of the `widest` it can be.
    package init(id: String, width: Int, widest: Int, load: @escaping Load) {
        self.id = id
        self.load = load
        self.width = width
        self.widest = widest
    }

    /// For the single photo in the file at `path` (`SinglePhoto.load`).
    package init(path: String, limits: DecodeLimits = .standard, width: Int, widest: Int) {
        self.init(id: path, width: width, widest: widest) { minimumWidth throws(PanoramaError) in
            let loaded = try SinglePhoto.load(path, limits: limits, minimumWidth: minimumWidth)
            return (loaded.panorama, loaded.widest)
        }
    }

    /// For `panorama` of `dataset`, shown as `image`, with what `cache` knows of how wide it can be.
    package static func of(_ panorama: Panorama, shown image: EquirectPanorama, in dataset: Dataset, cache: PanoramaCache) -> SharperDecode
    {
        let width = image.pyramid.levels[0].width
        return SharperDecode(id: panorama.id, width: width, widest: cache.widest(of: panorama) ?? width) {
            minimumWidth throws(PanoramaError) in
            try dataset.loadScaled(panorama, minimumWidth: minimumWidth)
        }
    }

    /// After a frame: starts a decode of as many pixels round the circle as the view needs (the
    /// pixels `view` has, or a cell picture of `columns` in `symbols`) when the image has fewer.
    package mutating func ask(view: RGBImage?, columns: Int, symbols: SymbolSet, camera: PanoramaCamera, mailbox: ArrivalMailbox) {
        let needed =
            view.map { PanoramaLoader.neededWidth(viewWidth: $0.width, narrowestFOV: camera.effectiveFOV) }
            ?? Self.needed(columns: columns, symbols: symbols, camera: camera)
        ask(for: needed, mailbox: mailbox)
    }

    /// Starts a decode of at least `needed` pixels round the circle when the image has fewer,
    /// none is running, and the image (within the decode limits) can give more. Posts to `mailbox`.
    package mutating func ask(for needed: Int, mailbox: ArrivalMailbox) {
        guard needed > width, pending == nil, width < widest else { return }
        pending = needed
        let (load, arrivalID) = (load, arrivalID)
        BlockingThread.start(name: "sidewalk-sharper") {
            let result = Result { () throws(PanoramaError) in try load(needed).panorama }
            mailbox.post(.init(id: arrivalID, result: result))
        }
    }

    /// Takes its own from `arrivals` (what `ask` posted): the image to show, or nil when none
    /// came, or it is no sharper (the image or the limits give no more) or failed, and then
    /// nothing more is asked.
    package mutating func arrived(from arrivals: [ArrivalMailbox.Arrival]) -> EquirectPanorama? {
        var sharper: EquirectPanorama?
        for arrival in arrivals where arrival.id == arrivalID && pending != nil {
            pending = nil
            guard case .success(let image)? = arrival.result, image.pyramid.levels[0].width > width else {
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
    package static func needed(columns: Int, symbols: SymbolSet, camera: PanoramaCamera) -> Int {
        let across = ViewPicture.pixelsPerCell(symbols).across * ViewPicture.supersampling
        return PanoramaLoader.neededWidth(viewWidth: columns * across, narrowestFOV: camera.effectiveFOV)
    }

    /// `needed(columns:symbols:camera:)` for the terminal on standard output now (80 columns
    /// when it does not say), for the first decode, before the screen is taken over.
    package static func neededAtStart(symbols: SymbolSet, camera: PanoramaCamera) -> Int {
        needed(columns: SystemCall.terminalSize(of: STDOUT_FILENO)?.columns ?? 80, symbols: symbols, camera: camera)
    }
}
