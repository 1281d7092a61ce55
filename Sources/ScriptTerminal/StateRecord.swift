import BoundedJSON
import Explorer
import PanoCore
import StreetModel

/// One line of the explorer's `--state-log` (`SettledState`), read back.
struct StateRecord {
    /// Keys the explorer had taken when it settled.
    let keys: Int
    /// False for a frame drawn while something moves.
    let settled: Bool
    let panoramaID: String?
    let camera: PanoramaCamera
    let focus: String?
    let ways: Int
    let note: String?
    let said: [String]
    let events: [Perceived.Event]

    /// A line is at most this long (a state with many events is a few kilobytes).
    static let limits = JSONLimits(maxDepth: 8, maxValues: 100_000, maxBytes: 8 << 20)

    /// The record on one line; nil for a line that is not one.
    init?(_ line: [UInt8]) {
        guard let object = try? JSONParser.parse(line, limits: Self.limits).object, let keys = object["keys"]?.integer,
            let heading = object["heading"]?.number, let pitch = object["pitch"]?.number, let zoom = object["zoom"]?.number,
            let ways = object["ways"]?.integer
        else { return nil }
        self.keys = keys
        settled = object["settled"]?.bool ?? true
        panoramaID = object["panorama"]?.string
        camera = PanoramaCamera(heading: heading, pitch: pitch, zoom: zoom)
        focus = object["focus"]?.string
        self.ways = ways
        note = object["note"]?.string
        said = (object["said"]?.array ?? []).compactMap { (value: JSONValue) in value.string }
        events = (object["events"]?.array ?? []).compactMap { (value: JSONValue) -> Perceived.Event? in
            guard let event = value.object, let name = event["name"]?.string, let line = event["line"]?.string else { return nil }
            return Perceived.Event(name: name, json: line, error: event["error"]?.string)
        }
    }
}
