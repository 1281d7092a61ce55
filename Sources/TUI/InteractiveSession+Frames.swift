#if canImport(Glibc)
import Glibc
#endif
import Explorer
import ExplorerSession
import ExplorerView
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
        return FrameComposer.Blend(from: leaving.image, camera: state.camera.magnified(by: pow(stepMagnification, amount)), amount: amount,
                                   arrivingMagnification: pow(stepMagnification, amount - 1))
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
