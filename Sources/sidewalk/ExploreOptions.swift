#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Explorer
import PanoCore
import PanoImage
import TermRender
import TUI

/// What `sidewalk [IMAGE] [options]` was asked to do.
struct ExploreOptions {
    enum Action: Equatable {
        case explore
        case help
        case version
    }

    var action: Action = .explore
    /// The panorama image or dataset to open; nil for the bundled default.
    var imagePath: String?
    /// Which panorama of a dataset.
    var selection = PanoramaSelection()
    /// The starting camera, as asked for.
    var cameraFlags = CameraFlags()
    /// Colour mode and frame rate from the command line (nil: the config file's or the default).
    var colorFlag: ColorMode??
    var fpsFlag: Double?
    /// Key moves instant instead of animated.
    var reduceMotion = false
    /// HUD elements hidden on the command line: links, street-names, compass, home, floor-picker.
    var hidden: Set<String> = []
    /// The mouse left to the terminal.
    var mouseOff = false
    /// Where to write events as JSON lines, if anywhere.
    var eventsPath: String?
    /// Gestures switched off on the command line.
    var gesturesOff = GestureSettings(orientation: false, zoom: false, navigation: false)

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> ExploreOptions {
        var options = ExploreOptions()
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            if try options.cameraFlags.apply(argument, from: &reader) { continue }
            if try options.selection.apply(argument, from: &reader) { continue }
            switch argument {
            case "-h", "--help": options.action = .help
            case "--version": options.action = .version
            case "--color", "--colour":
                let value = try reader.value(for: argument)
                guard value == "auto" || ColorMode(flag: value) != nil else {
                    throw UsageError(description: "--color takes auto, truecolor, 256, 16 or none, not '\(value)'")
                }
                options.colorFlag = .some(ColorMode(flag: value))
            case "--fps": options.fpsFlag = try reader.number(for: argument, in: 1...240)
            case "--no-orientation-gestures": options.gesturesOff.orientation = true
            case "--no-zoom-gestures": options.gesturesOff.zoom = true
            case "--no-navigation-gestures": options.gesturesOff.navigation = true
            case "--no-gestures": options.gesturesOff = GestureSettings(orientation: true, zoom: true, navigation: true)
            case "--events": options.eventsPath = try reader.value(for: argument)
            case "--reduce-motion": options.reduceMotion = true
            case "--no-mouse": options.mouseOff = true
            case "--hide-links": options.hidden.insert("links")
            case "--hide-street-names": options.hidden.insert("street-names")
            case "--hide-compass": options.hidden.insert("compass")
            case "--hide-home": options.hidden.insert("home")
            case "--hide-floor-picker": options.hidden.insert("floor-picker")
            case "--": try options.setImage(try reader.value(for: "--"))
            default:
                if argument.hasPrefix("-") && argument.count > 1 { throw ArgumentReader.unknownOption(argument, command: "") }
                try options.setImage(argument)
            }
        }
        try options.selection.validate()
        return options
    }

    private mutating func setImage(_ path: String) throws(UsageError) {
        if let imagePath { throw UsageError(description: "more than one image given ('\(imagePath)' and '\(path)')") }
        imagePath = path
    }

    /// Opens the explorer, or prints help or the version.
    func run() throws(CommandError) -> Int32 {
        switch action {
        case .help:
            print(HelpText.usage)
            return ExitStatus.success
        case .version:
            print(HelpText.version)
            return ExitStatus.success
        case .explore:
            break
        }
        let environment = ProcessInfo.processInfo.environment
        let config = try ConfigFile.load(environment: environment)
        var gestures = config.gestures
        if gesturesOff.orientation { gestures.orientation = false }
        if gesturesOff.zoom { gestures.zoom = false }
        if gesturesOff.navigation { gestures.navigation = false }
        var display = DisplayOptions(colorMode: colorFlag ?? config.colorMode, framesPerSecond: fpsFlag ?? config.framesPerSecond ?? 30,
                                     reduceMotion: reduceMotion)
        let hide = hidden.union(config.hidden)
        display.linksHidden = hide.contains("links")
        display.streetNamesHidden = hide.contains("street-names")
        display.compassHidden = hide.contains("compass")
        display.homeHidden = hide.contains("home")
        display.floorPickerHidden = hide.contains("floor-picker")
        display.mouse = config.mouse && !mouseOff
        guard let path = imagePath ?? AssetLocator.defaultPath() else { throw .assetsNotFound }
        let opened = try selection.open(path)
        let log = try eventsPath.map { (path) throws(CommandError) in try EventLog(path: path) }
        var startEvents: [ExplorerEvent] = []
        if let (_, start) = opened.dataset {
            if let place = selection.place {
                startEvents.append(.didMoveToPanoramaNearCoordinate(id: start.id, coordinate: place))
            } else {
                startEvents.append(.didMoveToPanorama(id: start.id))
            }
        }
        let term = getenv("TERM").map { String(cString: $0) }
        do {
            return try InteractiveSession.run(scenery: opened.scenery,
                                              camera: cameraFlags.startingCamera(initialView: opened.initialView), termName: term,
                                              environment: environment, display: display, gestures: gestures, home: config.home,
                                              startEvents: startEvents, events: log.map { log in { log.record($0, at: $1) } })
        } catch {
            throw .terminal(error)
        }
    }
}
