/// Which user gestures may move the view, as GMSPanoramaView's orientationGestures,
/// zoomGestures and navigationGestures. They block keys and the mouse only:
/// programmatic changes always work.
package struct GestureSettings: Equatable, Sendable {
    /// Turning and tilting by key or drag.
    package var orientation = true
    /// Zooming by key or wheel.
    package var zoom = true
    /// Walking to other panoramas by key or click (links, forward, back, floors, dates).
    package var navigation = true

    package init(orientation: Bool = true, zoom: Bool = true, navigation: Bool = true) {
        self.orientation = orientation
        self.zoom = zoom
        self.navigation = navigation
    }

    /// Every gesture off (setAllGesturesEnabled: NO).
    package static let none = GestureSettings(orientation: false, zoom: false, navigation: false)

    /// The note shown when a key or the mouse asks for a gesture that is off, or nil when it is
    /// allowed. Taps are reports, not gestures: never refused.
    func refusal(of command: ExplorerCommand) -> String? {
        switch command {
        case .turn, .tilt, .look, .faceNorth: orientation ? nil : "turning is switched off"
        case .zoom: zoom ? nil : "zooming is switched off"
        case .followLink, .walkForward, .togglePlay, .walkBack, .walkToward, .changeLevel, .switchDate, .goHome, .goToPanorama,
            .chooseFoundPlace:
            navigation ? nil : "walking is switched off"
        case .activate: navigation ? nil : "walking is switched off"
        case .toggleHelp, .dismiss, .quit, .moveFocus, .tap, .tapMarker, .describe, .showURL, .nextColours, .nextSymbols, .toggleMinimap,
            .openMap,
            .panMap, .zoomMap:
            nil
        }
    }
}
