import BoundedJSON
import PanoCore

/// What happened in the explorer, named after GMSPanoramaViewDelegate's callbacks, for scripts
/// and tests that watch it (`--events PATH`, docs/events.md).
package enum ExplorerEvent: Equatable, Sendable {
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
    package var name: String {
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
    package static let names: Set<String> = [
        "willMoveToPanorama", "didMoveToPanorama", "didMoveToPanoramaNearCoordinate", "errorOnMoveNearCoordinate",
        "errorOnMoveToPanoramaID",
        "didMoveCamera", "didTap", "didTapMarker", "didStartRendering", "didFinishRendering"
    ]

    /// One line of JSON: {"event": NAME, "time": SECONDS, ...fields}, numbers to 6 decimals.
    package func jsonLine(time: Double) -> String {
        var fields: [(String, JSONValue)] = [("event", .string(name)), ("time", .rounded(time))]
        switch self {
        case .willMoveToPanorama(let id), .didMoveToPanorama(let id):
            fields.append(("panorama", .string(id)))
        case .didMoveToPanoramaNearCoordinate(let id, let coordinate):
            fields += [("panorama", .string(id)), ("lat", .rounded(coordinate.latitude)), ("lng", .rounded(coordinate.longitude))]
        case .errorOnMoveNearCoordinate(let coordinate, let message):
            fields += [("lat", .rounded(coordinate.latitude)), ("lng", .rounded(coordinate.longitude)), ("message", .string(message))]
        case .errorOnMoveToPanoramaID(let id, let message):
            fields += [("panorama", .string(id)), ("message", .string(message))]
        case .didMoveCamera(let heading, let pitch, let zoom):
            fields += [("heading", .rounded(heading)), ("pitch", .rounded(pitch)), ("zoom", .rounded(zoom))]
        case .didTap(let heading, let pitch):
            fields += [("heading", .rounded(heading)), ("pitch", .rounded(pitch))]
        case .didTapMarker(let id):
            fields.append(("marker", .string(id)))
        case .didStartRendering, .didFinishRendering:
            break
        }
        return JSONWriter.text(.object(JSONObject(fields)))
    }
}

extension JSONValue {
    /// `value` rounded to 6 decimals (a micro-degree, a microsecond), as event lines and state
    /// records give numbers; 0 when it is not finite.
    static func rounded(_ value: Double) -> JSONValue {
        .number(value.isFinite ? (value * 1_000_000).rounded() / 1_000_000 : 0)
    }
}
