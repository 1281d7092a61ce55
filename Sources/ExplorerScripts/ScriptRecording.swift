import Explorer

/// A session turned into a script as it goes (`sidewalk --record-script FILE`), as Playwright's
/// codegen turns a browser session into a test: the keys a tester presses, a line for each time
/// the view settles (a `:command` typed as one line), then the expectations a tester would keep
/// about what changed: the panorama, the heading, the focus and the first line said. They are
/// written to be kept or dropped; as written, the script replays green. Pure: lines out.
package struct ScriptRecording: Sendable {
    /// Keys since the last line, by their script names.
    private var keys: [String] = []
    /// Commands typed since the last line.
    private var commands: [String] = []
    /// What the last expectations said; nil before the first settle.
    private var last: (panorama: String?, heading: Int, focus: String?)?

    package init() {}

    /// The header of a recorded script.
    package static let header = [
        "# Recorded by sidewalk --record-script: each line is what was pressed before the view settled,",
        "# then what a tester would check. Keep the expectations that matter; drop the rest."
    ]

    /// A key was taken; `before` and `after` are the command line around it (nil when closed).
    package mutating func took(_ key: Key, commandBefore before: String?, commandAfter after: String?) {
        if let before, after == nil {
            // The command line closed: Enter ran what was typed; anything else cancelled it (nothing to replay).
            if key == .enter { commands.append(":" + before) }
        } else if before == nil, after == nil {
            keys.append(key.tmuxName)
        }
    }

    /// The view settled on `state`, `said` said and `errors` reported since the last settle: the
    /// lines to write (none when nothing was pressed). An error comes first (`expect error`): a
    /// replay stops at any other line while an error waits to be expected.
    package mutating func settled(_ state: ExplorerState, said: [String], errors: [String] = []) -> [String] {
        let heading = Int(state.camera.heading.rounded()) % 360
        let now = (panorama: state.panorama?.id, heading: heading, focus: Narrator.focusDescription(state))
        defer { last = now }
        guard !keys.isEmpty || !commands.isEmpty else { return [] }
        var lines = commands + (keys.isEmpty ? [] : [keys.joined(separator: " ")])
        (keys, commands) = ([], [])
        if let error = errors.first { lines.append("expect error" + (Self.quoted(error).map { " " + $0 } ?? "")) }
        if let panorama = now.panorama, panorama != last?.panorama { lines.append("expect panorama \(panorama)") }
        if heading != last?.heading { lines.append("expect heading \(heading)") }
        if now.focus != last?.focus { lines.append("expect focus " + (now.focus.flatMap(Self.quoted) ?? "none")) }
        if let first = said.first.flatMap(Self.quoted) { lines.append("expect said \(first)") }
        return lines
    }

    /// `text` as a script's "quoted text", or nil when it holds a quote (a script cannot say it).
    static func quoted(_ text: String) -> String? {
        text.contains("\"") || text.isEmpty ? nil : "\"\(text)\""
    }
}
