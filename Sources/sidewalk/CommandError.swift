import PanoImage
import TUI

/// Why a command failed, once the command line was understood; `description` is the line shown.
enum CommandError: Error, CustomStringConvertible {
    case panorama(PanoramaError)
    case image(ImageError)
    case terminal(TerminalError)
    case assetsNotFound

    var description: String {
        switch self {
        case let .panorama(error): error.description
        case let .image(error): error.description
        case let .terminal(error): error.description
        case .assetsNotFound:
            "the bundled default panorama was not found; set SIDEWALK_ASSETS to the Assets folder or name an image"
        }
    }
}
