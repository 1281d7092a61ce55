import PanoCore
import StreetModel

/// What a user perceives of the explorer at one moment, as expectations check it: the same for
/// the headless runner (from the state) and a terminal driver (from the explorer's state log and
/// the screen it reads).
package struct Perceived: Sendable {
    /// What marks the focused label on screen (`ExplorerFrame` draws it): a shape, not only a colour.
    package static let focusMark = "»"

    /// One event: its name, its JSON line, and its message when it is an error.
    package struct Event: Sendable, Equatable {
        package let name: String
        package let json: String
        package let error: String?

        package init(name: String, json: String, error: String?) {
            self.name = name
            self.json = json
            self.error = error
        }

        package init(_ event: ExplorerEvent, at time: Double) {
            self.init(name: event.name, json: event.jsonLine(time: time), error: event.errorMessage)
        }
    }

    package var camera: PanoramaCamera
    package var panorama: Panorama?
    /// The focused way or marker as it is said; nil when nothing is focused.
    package var focus: String?
    /// How many ways on there are.
    package var ways: Int
    package var note: String?
    /// Lines said since the last key or command, oldest first.
    package var said: [String]
    /// Events since the last key or command, oldest first.
    package var events: [Event]
    /// The screen's text, rows separated by newlines; nil where there is no screen.
    package var screen: String?
    /// The screen's cells with their colours as shown; nil where there is no screen.
    package var cells: ScreenCells?

    package init(
        camera: PanoramaCamera, panorama: Panorama?, focus: String?, ways: Int, note: String?, said: [String], events: [Event],
        screen: String?, cells: ScreenCells? = nil
    ) {
        self.camera = camera
        self.panorama = panorama
        self.focus = focus
        self.ways = ways
        self.note = note
        self.said = said
        self.events = events
        self.screen = screen
        self.cells = cells
    }

    /// What `state` shows, with what was said and happened since the last key or command.
    package init(_ state: ExplorerState, said: [String], events: [Event], screen: String?, cells: ScreenCells? = nil) {
        self.init(
            camera: state.camera, panorama: state.panorama, focus: Narrator.focusDescription(state), ways: state.numberedLinks.count,
            note: state.note, said: said, events: events, screen: screen, cells: cells)
    }
}

extension ExplorerEvent {
    /// The message of an error event, nil for any other.
    package var errorMessage: String? {
        switch self {
        case .errorOnMoveNearCoordinate(_, let message): message
        case .errorOnMoveToPanoramaID(let id, let message): "\(id): \(message)"
        default: nil
        }
    }
}
