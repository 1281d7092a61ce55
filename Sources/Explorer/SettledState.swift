/// One line of `--state-log`: what a user perceives when the full view draws a frame or settles,
/// for a test driver reading the explorer from outside (`sidewalk test`'s terminal front). Pure.
public enum SettledState {
    /// `{"time": SECONDS, "keys": N, "settled": BOOL, "panorama": ID|null, "heading": H,
    /// "pitch": P, "zoom": Z, "focus": TEXT|null, "ways": N, "note": TEXT|null, "said": [TEXT...],
    /// "events": [{"name": NAME, "line": JSON, "error": TEXT|null}...]}`, where `keys` counts the
    /// keys taken since the start, `settled` is false for a frame drawn while something still
    /// moves (nothing is said then), and each event is its `--events` line (as a string) and its
    /// message when it is an error.
    public static func line(_ state: ExplorerState, keys: Int, time: Double, settled: Bool, said: [String], events: [Perceived.Event])
        -> String
    {
        func text(_ value: String?) -> String { value.map(JSONText.string) ?? "null" }
        let fields = [
            "\"time\":\(JSONText.number(time))", "\"keys\":\(keys)", "\"settled\":\(settled)", "\"panorama\":\(text(state.panorama?.id))",
            "\"heading\":\(JSONText.number(state.camera.heading))", "\"pitch\":\(JSONText.number(state.camera.pitch))",
            "\"zoom\":\(JSONText.number(state.camera.zoom))", "\"focus\":\(text(Narrator.focusDescription(state)))",
            "\"ways\":\(state.numberedLinks.count)", "\"note\":\(text(state.note))",
            "\"said\":[\(said.map(JSONText.string).joined(separator: ","))]",
            "\"events\":["
                + events.map { "{\"name\":\(JSONText.string($0.name)),\"line\":\(JSONText.string($0.json)),\"error\":\(text($0.error))}" }
                .joined(separator: ",") + "]"
        ]
        return "{" + fields.joined(separator: ",") + "}"
    }
}
