import BoundedJSON

/// One line of `--state-log`: what a user perceives when the full view draws a frame or settles,
/// for a test driver reading the explorer from outside (`sidewalk test`'s terminal front). Pure.
package enum SettledState {
    /// `{"time": SECONDS, "keys": N, "settled": BOOL, "panorama": ID|null, "heading": H,
    /// "pitch": P, "zoom": Z, "focus": TEXT|null, "ways": N, "note": TEXT|null, "said": [TEXT...],
    /// "events": [{"name": NAME, "line": JSON, "error": TEXT|null}...]}`, where `keys` counts the
    /// keys taken since the start, `settled` is false for a frame drawn while something still
    /// moves (nothing is said then), and each event is its `--events` line (as a string) and its
    /// message when it is an error.
    package static func line(_ state: ExplorerState, keys: Int, time: Double, settled: Bool, said: [String], events: [Perceived.Event])
        -> String
    {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let events = events.map { event -> JSONValue in
            ["name": .string(event.name), "line": .string(event.json), "error": text(event.error)]
        }
        let fields: [(String, JSONValue)] = [
            ("time", .rounded(time)), ("keys", .number(Double(keys))), ("settled", .bool(settled)), ("panorama", text(state.panorama?.id)),
            ("heading", .rounded(state.camera.heading)), ("pitch", .rounded(state.camera.pitch)), ("zoom", .rounded(state.camera.zoom)),
            ("focus", text(Narrator.focusDescription(state))), ("ways", .number(Double(state.numberedLinks.count))),
            ("note", text(state.note)), ("said", .array(said.map(JSONValue.string))), ("events", .array(events))
        ]
        return JSONWriter.text(.object(JSONObject(fields)))
    }
}
