import Explorer
import PanoCore
import TermRender

extension InteractiveSession {
    /// The settings a session starts with: gestures, home, motion, and the minimap where the
    /// screen is large enough (or as the options say).
    static func setUp(_ state: inout ExplorerState, gestures: GestureSettings, home: Coordinate?, display: DisplayOptions,
                      size: (columns: Int, rows: Int)) {
        state.gestures = gestures
        state.home = home
        state.reduceMotion = display.reduceMotion
        state.minimapShown = display.minimap.shownAtStart(columns: size.columns, rows: size.rows)
    }

    /// How long a frame still being written may delay the exit, seconds; past it the terminal
    /// is taken to have stopped reading.
    static let drainSeconds = 1.0

    /// Shown while the panorama walked to is being decoded.
    static let loadingNote = "loading this panorama…"

    /// The fading view of the panorama being left, while the state's transition lasts: it zooms
    /// in a little as it fades, as if stepping forward.
    static func blend(_ state: ExplorerState, leaving: (id: String, image: EquirectPanorama)?, now: Double) -> FrameComposer.Blend? {
        guard let transition = state.transition, let leaving, leaving.id == transition.from.id else { return nil }
        let amount = transition.progress(at: now)
        var camera = state.camera
        camera.zoom = min(camera.zoom * (1 + 0.4 * amount), PanoramaCamera.zoomRange.upperBound)
        return FrameComposer.Blend(from: leaving.image, camera: camera, amount: amount)
    }

    /// The pixels the view was reprojected at: the pixel picture's, or the cells' at the symbols'
    /// resolution, supersampled.
    static func renderedSize(view: RGBImage?, area: ViewArea, symbols: SymbolSet) -> (width: Int, height: Int) {
        if let view { return (view.width, view.height) }
        let (across, down) = ViewPicture.pixelsPerCell(symbols)
        return (area.columns * across * ViewPicture.supersampling, area.rows * down * ViewPicture.supersampling)
    }

    /// The top line: where you are, when, and whose picture it is.
    /// Debug builds only: a forced crash on the key SIDEWALK_TEST_CRASH_ON_KEY names, so tests
    /// can check the terminal is restored.
    static func crashIfAsked(by key: Key, environment: [String: String]) {
        #if DEBUG
        if let crashKey = environment["SIDEWALK_TEST_CRASH_ON_KEY"]?.first, key == .character(crashKey) {
            fatalError("crash requested by SIDEWALK_TEST_CRASH_ON_KEY")
        }
        #endif
    }

    static func header(_ scenery: Scenery, _ state: ExplorerState) -> String? {
        switch scenery {
        case let .image(_, title): title
        case .dataset: ExplorerFrame.header(of: state)
        }
    }
}
