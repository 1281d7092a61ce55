import BoundedJSON
import Explorer
import FoundationEssentials
import PanoCore
import SystemIO
import TermRender

/// Settings from `$XDG_CONFIG_HOME/sidewalk/config.json` (by default
/// `~/.config/sidewalk/config.json`); see docs/configuration.md. Flags on the command line win.
struct ConfigFile {
    var gestures = GestureSettings()
    /// nil: detect.
    var colorMode: ColorMode?
    /// The block symbols, when set.
    var symbols: SymbolSet?
    var framesPerSecond: Double?
    /// Where `g` goes.
    var home: Coordinate?
    /// HUD elements to hide: links, street-names, compass, home, floor-picker.
    var hidden: Set<String> = []
    /// Read the mouse.
    var mouse = true
    /// Black and white HUD with a yellow focus.
    var highContrast = false
    /// The minimap at start, and north or heading up.
    var minimap = MinimapSettings()
    /// Where `--find` asks on the web (`--geocoder`), or "off"; nil for the default.
    var geocoder: String?
    /// The street map under the maps (`--basemap`): a PMTiles file, or "off".
    var basemap: String?
    /// The file holding the Mapillary client token (never the token itself: a config file is
    /// often shared).
    var mapillaryTokenFile: String?

    /// The config file's path for this environment.
    static func path(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], !base.isEmpty { return "\(base)/sidewalk/config.json" }
        if let home = environment["HOME"], !home.isEmpty { return "\(home)/.config/sidewalk/config.json" }
        return nil
    }

    /// The JSON object of settings a file at `path` holds (at most 1 MB), each key one of
    /// `known`; anything else is one line naming the file and what is wrong.
    static func settings(at path: String, known: [String]) throws(CommandError) -> JSONObject {
        func invalid(_ what: String) -> CommandError { .configInvalid(path: path, problem: what) }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: 1 << 20) } catch { throw .file(error) }
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(bytes, limits: .small) } catch { throw invalid("not valid JSON: \(error.description)") }
        guard let root = parsed.object else { throw invalid("is not a JSON object") }
        for key in root.keys where !known.contains(key) {
            throw invalid("unknown setting '\(key)' (known: \(known.joined(separator: ", ")))")
        }
        return root
    }

    /// Reads the config file; no file means defaults. A file that is not valid is an error naming it.
    static func load(environment: [String: String]) throws(CommandError) -> ConfigFile {
        guard let path = path(environment: environment), FileKind.of(path) != nil else { return ConfigFile() }
        func invalid(_ what: String) -> CommandError { .configInvalid(path: path, problem: what) }
        let known = [
            "gestures", "color", "symbols", "fps", "home", "hide", "mouse", "highContrast", "minimap", "minimapUp", "geocoder",
            "basemap", "mapillaryTokenFile"
        ]
        let root = try settings(at: path, known: known)
        var config = ConfigFile()
        if let raw = root["gestures"] {
            guard let gestures = raw.object else { throw invalid("gestures must be an object") }
            for (key, value) in zip(gestures.keys, gestures.values) {
                guard let on = value.bool, ["orientation", "zoom", "navigation"].contains(key) else {
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
            guard let text = raw.string, text == "auto" || ColorMode(flag: text) != nil else {
                throw invalid("color must be auto, truecolor, 256, 16 or none")
            }
            config.colorMode = ColorMode(flag: text)
        }
        if let raw = root["symbols"] {
            guard let text = raw.string, let symbols = SymbolSet(rawValue: text) else {
                throw invalid("symbols must be " + SymbolSet.allCases.map(\.rawValue).joined(separator: ", "))
            }
            config.symbols = symbols
        }
        if let raw = root["fps"] {
            guard let fps = raw.integer, (1...240).contains(fps) else { throw invalid("fps must be a whole number from 1 to 240") }
            config.framesPerSecond = Double(fps)
        }
        if let raw = root["mouse"] {
            guard let on = raw.bool else { throw invalid("mouse must be true or false") }
            config.mouse = on
        }
        if let raw = root["minimap"] {
            guard let text = raw.string, let shown = MinimapSettings.shown(named: text) else {
                throw invalid("minimap must be auto, on or off")
            }
            config.minimap.shown = shown
        }
        if let raw = root["minimapUp"] {
            guard let text = raw.string, ["north", "heading"].contains(text) else { throw invalid("minimapUp must be north or heading") }
            config.minimap.headingUp = text == "heading"
        }
        if let raw = root["highContrast"] {
            guard let on = raw.bool else { throw invalid("highContrast must be true or false") }
            config.highContrast = on
        }
        if let raw = root["hide"] {
            let known: Set<String> = ["links", "street-names", "compass", "home", "floor-picker"]
            guard let list = raw.array, case let names = list.compactMap(\.string), names.count == list.count,
                Set(names).isSubset(of: known)
            else {
                throw invalid("hide must be a list of: links, street-names, compass, home, floor-picker")
            }
            config.hidden = Set(names)
        }
        try readPlaces(root, into: &config, invalid: invalid)
        return config
    }

    /// `home`, `geocoder`, `basemap` and `mapillaryTokenFile`: where `g` goes, where `--find`
    /// asks on the web, the street map, and the Mapillary token's file.
    private static func readPlaces(_ root: JSONObject, into config: inout ConfigFile, invalid: (String) -> CommandError)
        throws(CommandError)
    {
        if let raw = root["home"] {
            guard let entry = raw.object, entry.keys.count == 2, let lat = entry["lat"]?.number, let lng = entry["lng"]?.number,
                let place = Coordinate(latitude: lat, longitude: lng)
            else {
                throw invalid("home must be {\"lat\": degrees from -90 to 90, \"lng\": degrees from -180 to 180}")
            }
            config.home = place
        }
        if let raw = root["geocoder"] {
            guard let text = raw.string, text == "off" || text.hasPrefix("https://") || text.hasPrefix("http://") else {
                throw invalid("geocoder must be a Nominatim or Photon server's http(s) address, or off")
            }
            config.geocoder = text
        }
        if let raw = root["basemap"] {
            guard let text = raw.string, !text.isEmpty else { throw invalid("basemap must be a PMTiles file's path, or off") }
            config.basemap = text
        }
        if let raw = root["mapillaryTokenFile"] {
            guard let text = raw.string, !text.isEmpty, text.utf8.count <= 4096 else {
                throw invalid("mapillaryTokenFile must be the path of a file holding your Mapillary client token")
            }
            config.mapillaryTokenFile = text.hasPrefix("~/") ? (ProcessInfo.processInfo.environment["HOME"] ?? "") + text.dropFirst() : text
        }
    }
}
