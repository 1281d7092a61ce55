import BoundedJSON
import PanoCore

/// What a presenter's explorer publishes for its audience (`--broadcast`) and a follower shows
/// (`--follow`): the panorama and the camera, one JSON line each time they change, e.g.
/// `{"panorama":"main-3","heading":90,"pitch":0,"zoom":1}`. Each follower draws it at its own
/// size, colours and picture format, so the line is all that crosses, whatever the terminals.
package struct SharedView: Equatable, Sendable {
    /// The panorama's id; nil for a single image.
    package var panoramaID: String?
    /// Compass degrees, 0..<360.
    package var heading: Double
    /// Degrees above the horizon, -90...90.
    package var pitch: Double
    /// Zoom factor, in `PanoramaCamera`'s range.
    package var zoom: Double
    /// Roll, degrees, -180...180 (`PanoramaCamera.roll`); sent only when not level.
    package var roll: Double

    /// The view of `state`.
    package init(_ state: ExplorerState) {
        panoramaID = state.panorama?.id
        (heading, pitch, zoom, roll) = (state.camera.heading, state.camera.pitch, state.camera.zoom, state.camera.roll)
    }

    /// The longest line a follower reads, bytes: an id of a few hundred bytes and five numbers.
    package static let lineLimit = 1024

    /// The line to send, its newline included.
    package var line: String {
        var fields: [(String, JSONValue)] = panoramaID.map { [("panorama", .string($0))] } ?? []
        fields += [("heading", .number(heading)), ("pitch", .number(pitch)), ("zoom", .number(zoom))]
        if roll != 0 { fields.append(("roll", .number(roll))) }
        return JSONWriter.text(.object(JSONObject(fields))) + "\n"
    }

    /// The view a line says, or nil when it is not one (too long, not JSON, a field missing or
    /// out of range): a follower skips it.
    package init?(line: ArraySlice<UInt8>) {
        guard line.count <= Self.lineLimit,
            let object = try? JSONParser.parse(Array(line), limits: JSONLimits(maxDepth: 2, maxValues: 16, maxBytes: Self.lineLimit))
                .object,
            let heading = object["heading"]?.number, let pitch = object["pitch"]?.number, let zoom = object["zoom"]?.number,
            (-90...90).contains(pitch), PanoramaCamera.zoomRange.contains(zoom)
        else { return nil }
        let roll = object["roll"].map { $0.number ?? .nan } ?? 0
        guard (-180...180).contains(roll) else { return nil }
        let id = object["panorama"]
        guard id == nil || id?.string != nil else { return nil }
        (panoramaID, self.heading, self.pitch, self.zoom, self.roll) = (id?.string, heading, pitch, zoom, roll)
    }
}
