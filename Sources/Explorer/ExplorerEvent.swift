import PanoCore

/// What happened in the explorer, named after GMSPanoramaViewDelegate's callbacks, for scripts
/// and tests that watch it (`--events PATH`, docs/events.md).
public enum ExplorerEvent: Equatable, Sendable {
    case willMoveToPanorama(id: String)
    case didMoveToPanorama(id: String)
    /// A move near a coordinate found this panorama.
    case didMoveToPanoramaNearCoordinate(id: String, coordinate: Coordinate)
    /// A move near a coordinate found no imagery.
    case errorOnMoveNearCoordinate(coordinate: Coordinate, message: String)
    case errorOnMoveToPanoramaID(id: String, message: String)
    /// The camera's new heading, pitch and zoom. Intermediate values may be skipped; the final
    /// one never is.
    case didMoveCamera(heading: Double, pitch: Double, zoom: Double)
    /// A click on the view, not on a way or marker: the direction clicked, degrees.
    case didTap(heading: Double, pitch: Double)
    /// A marker was activated (by Enter on it, or a click).
    case didTapMarker(id: String)
    case didStartRendering
    case didFinishRendering

    /// The event's name, as in GMSPanoramaViewDelegate.
    public var name: String {
        switch self {
        case .willMoveToPanorama: "willMoveToPanorama"
        case .didMoveToPanorama: "didMoveToPanorama"
        case .didMoveToPanoramaNearCoordinate: "didMoveToPanoramaNearCoordinate"
        case .errorOnMoveNearCoordinate: "errorOnMoveNearCoordinate"
        case .errorOnMoveToPanoramaID: "errorOnMoveToPanoramaID"
        case .didMoveCamera: "didMoveCamera"
        case .didTap: "didTap"
        case .didTapMarker: "didTapMarker"
        case .didStartRendering: "didStartRendering"
        case .didFinishRendering: "didFinishRendering"
        }
    }

    /// Every event's name.
    public static let names: Set<String> = [
        "willMoveToPanorama", "didMoveToPanorama", "didMoveToPanoramaNearCoordinate", "errorOnMoveNearCoordinate",
        "errorOnMoveToPanoramaID",
        "didMoveCamera", "didTap", "didTapMarker", "didStartRendering", "didFinishRendering"
    ]

    /// One line of JSON: {"event": NAME, "time": SECONDS, ...fields}.
    public func jsonLine(time: Double) -> String {
        var fields = ["\"event\":\(JSONText.string(name))", "\"time\":\(JSONText.number(time))"]
        switch self {
        case .willMoveToPanorama(let id), .didMoveToPanorama(let id):
            fields.append("\"panorama\":\(JSONText.string(id))")
        case .didMoveToPanoramaNearCoordinate(let id, let coordinate):
            fields += [
                "\"panorama\":\(JSONText.string(id))", "\"lat\":\(JSONText.number(coordinate.latitude))",
                "\"lng\":\(JSONText.number(coordinate.longitude))"
            ]
        case .errorOnMoveNearCoordinate(let coordinate, let message):
            fields += [
                "\"lat\":\(JSONText.number(coordinate.latitude))", "\"lng\":\(JSONText.number(coordinate.longitude))",
                "\"message\":\(JSONText.string(message))"
            ]
        case .errorOnMoveToPanoramaID(let id, let message):
            fields += ["\"panorama\":\(JSONText.string(id))", "\"message\":\(JSONText.string(message))"]
        case .didMoveCamera(let heading, let pitch, let zoom):
            fields += [
                "\"heading\":\(JSONText.number(heading))", "\"pitch\":\(JSONText.number(pitch))", "\"zoom\":\(JSONText.number(zoom))"
            ]
        case .didTap(let heading, let pitch):
            fields += ["\"heading\":\(JSONText.number(heading))", "\"pitch\":\(JSONText.number(pitch))"]
        case .didTapMarker(let id):
            fields.append("\"marker\":\(JSONText.string(id))")
        case .didStartRendering, .didFinishRendering:
            break
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

/// JSON literals without Foundation.
enum JSONText {
    /// A JSON string: quotes, backslashes and every control character escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A JSON number, rounded to 6 decimals; 0 for non-finite values.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        let text = String(rounded)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
