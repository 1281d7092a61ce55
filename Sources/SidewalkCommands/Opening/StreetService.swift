import Datasets

/// A street-level service a DATASET argument names (docs/sources.md): `panoramax:` or
/// `panoramax:URL`, `mapillary:` (or `mapillary:URL`, another graph API, for tests).
enum StreetService {
    case panoramax(PanoramaxServer)
    case mapillary(MapillaryServer)

    /// True when `path` asks for a service (well formed or not).
    static func isNamed(_ path: String) -> Bool {
        PanoramaxServer.isNamed(path) || MapillaryServer.isNamed(path)
    }

    /// The service `path` names, Mapillary's tiles at `tiles` when given; nil when it names
    /// none; a usage error when it names one badly.
    init?(path: String, tiles: String? = nil) throws(CommandError) {
        if PanoramaxServer.isNamed(path) {
            guard let server = PanoramaxServer(dataset: path) else {
                throw .usage(
                    UsageError(
                        description: "'\(path)': Panoramax is named 'panoramax:' (the public federation) or 'panoramax:https://HOST'"))
            }
            self = .panoramax(server)
        } else if MapillaryServer.isNamed(path) {
            guard let server = MapillaryServer(dataset: path, tiles: tiles) else {
                throw .usage(
                    UsageError(description: "'\(path)': Mapillary is named 'mapillary:' (--server and --tiles must be http(s) addresses)"))
            }
            self = .mapillary(server)
        } else {
            return nil
        }
    }

    /// The service's name, for lines about it.
    var name: String {
        switch self {
        case .panoramax: "Panoramax"
        case .mapillary: "Mapillary"
        }
    }
}
