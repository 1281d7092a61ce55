import Explorer
import Foundation
import PanoCore
import TermRender

/// Settings from `$XDG_CONFIG_HOME/sidewalk/config.json` (by default
/// `~/.config/sidewalk/config.json`); see docs/configuration.md. Flags on the command line win.
struct ConfigFile {
    var gestures = GestureSettings()
    /// nil: detect.
    var colorMode: ColorMode?
    var framesPerSecond: Double?
    /// Where `g` goes.
    var home: Coordinate?
    /// HUD elements to hide: links, street-names, compass, home, floor-picker.
    var hidden: Set<String> = []
    /// Read the mouse.
    var mouse = true
    /// Black and white HUD with a yellow focus.
    var highContrast = false

    /// The config file's path for this environment.
    static func path(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], !base.isEmpty { return "\(base)/sidewalk/config.json" }
        if let home = environment["HOME"], !home.isEmpty { return "\(home)/.config/sidewalk/config.json" }
        return nil
    }

    /// Reads the config file; no file means defaults. A file that is not valid is an error naming it.
    static func load(environment: [String: String]) throws(CommandError) -> ConfigFile {
        guard let path = path(environment: environment), FileManager.default.fileExists(atPath: path) else { return ConfigFile() }
        func invalid(_ what: String) -> CommandError { .configInvalid(path: path, problem: what) }
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20 else { throw invalid("cannot be read, or is over 1 MB") }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw invalid("is not a JSON object") }
        var config = ConfigFile()
        for key in root.keys.sorted() where !["gestures", "color", "fps", "home", "hide", "mouse", "highContrast"].contains(key) {
            throw invalid("unknown setting '\(key)' (known: gestures, color, fps, home, hide, mouse, highContrast)")
        }
        if let raw = root["gestures"] {
            guard let gestures = raw as? [String: Any] else { throw invalid("gestures must be an object") }
            for (key, value) in gestures {
                guard let on = value as? Bool, ["orientation", "zoom", "navigation"].contains(key) else {
                    throw invalid("gestures.\(key) must be orientation, zoom or navigation, set to true or false")
                }
                switch key {
                case "orientation": config.gestures.orientation = on
                case "zoom": config.gestures.zoom = on
                default: config.gestures.navigation = on
                }
            }
        }
        if let raw = root["color"] {
            guard let text = raw as? String, text == "auto" || ColorMode(flag: text) != nil else {
                throw invalid("color must be auto, truecolor, 256, 16 or none")
            }
            config.colorMode = ColorMode(flag: text)
        }
        if let raw = root["fps"] {
            guard let fps = raw as? Double, (1...240).contains(fps) else { throw invalid("fps must be a number from 1 to 240") }
            config.framesPerSecond = fps
        }
        if let raw = root["mouse"] {
            guard let on = raw as? Bool else { throw invalid("mouse must be true or false") }
            config.mouse = on
        }
        if let raw = root["highContrast"] {
            guard let on = raw as? Bool else { throw invalid("highContrast must be true or false") }
            config.highContrast = on
        }
        if let raw = root["hide"] {
            let known: Set<String> = ["links", "street-names", "compass", "home", "floor-picker"]
            guard let names = raw as? [String], Set(names).isSubset(of: known) else {
                throw invalid("hide must be a list of: links, street-names, compass, home, floor-picker")
            }
            config.hidden = Set(names)
        }
        if let raw = root["home"] {
            guard let entry = raw as? [String: Any], let lat = entry["lat"] as? Double, let lng = entry["lng"] as? Double,
                  let place = Coordinate(latitude: lat, longitude: lng) else {
                throw invalid("home must be {\"lat\": degrees, \"lng\": degrees}")
            }
            config.home = place
        }
        return config
    }
}
