import PanoCore
import StreetModel

/// The explorer in words, for screen readers, braille displays and transcripts: what you face,
/// where you are, the ways on and the markers near you, and what changed after a key. Pure; the
/// text carries untrusted names from datasets, so the front sanitises it before writing it.
package enum Narrator {
    /// Everything at once, e.g. "Facing east, 90°, level. At Main Street 16, June 2024. 2 ways:
    /// 1 east along Main Street, 2 west along Main Street. Café Aurora 30 m ahead on the left."
    package static func describe(_ state: ExplorerState) -> String {
        ([facing(state.camera)] + place(state) + [ways(state)] + floors(state) + markers(state)).joined(separator: " ")
    }

    /// What is said on arrival: the essentials first (facing, where, the ways, the floor), then
    /// the markers as `state.verbosity` asks: none, the three nearest, or all; `r` says everything.
    package static func arrival(_ state: ExplorerState) -> String {
        let all = markers(state)
        let shown: [String]
        switch state.verbosity {
        case .brief: shown = all.isEmpty ? [] : ["\(all.count) \(all.count == 1 ? "marker" : "markers") near; r reads them."]
        case .normal: shown = Array(all.prefix(3)) + (all.count > 3 ? ["\(all.count - 3) more; r reads them."] : [])
        case .full: shown = all
        }
        return ([facing(state.camera)] + place(state) + [ways(state)] + floors(state) + shown).joined(separator: " ")
    }

    /// The camera in words: "Facing north-east, 45°, looking up 20°, zoom 2×."
    package static func facing(_ camera: PanoramaCamera) -> String {
        let heading = Int(camera.heading.rounded()) % 360
        let pitch = Int(camera.pitch.rounded())
        let tilt = pitch == 0 ? "level" : pitch > 0 ? "looking up \(pitch)°" : "looking down \(-pitch)°"
        let zoom = (camera.zoom * 10).rounded() / 10
        let zoomText = zoom == 1 ? "" : ", zoom \(zoom.plainText)×"
        return "Facing \(CompassPoint.word(forHeading: camera.heading)), \(heading)°, \(tilt)\(zoomText)."
    }

    /// The ways on: "2 ways: 1 east along Main Street, 2 west." or "No ways on."
    package static func ways(_ state: ExplorerState) -> String {
        let links = state.numberedLinks
        guard !links.isEmpty else { return "No ways on." }
        let list = links.enumerated().map { index, link in
            "\(index + 1) \(CompassPoint.word(forHeading: link.heading))" + (link.description.map { " along \($0)" } ?? "")
        }
        return "\(links.count) \(links.count == 1 ? "way" : "ways"): " + list.joined(separator: ", ") + "."
    }

    /// A marker from where you stand and face: "Café Aurora 30 m ahead on the left".
    package static func marker(_ marker: Marker, in state: ExplorerState) -> String? {
        guard let here = state.panorama?.coordinate else { return nil }
        let distance = here.distance(to: marker.coordinate)
        let turn = Degrees.wrap180(here.bearing(to: marker.coordinate) - state.camera.heading)
        return "\(marker.title) \(Int(distance.rounded())) m \(relativeDirection(turn))"
    }

    /// Where something lies from the heading, `turn` degrees clockwise (-180...180).
    static func relativeDirection(_ turn: Double) -> String {
        let side = turn < 0 ? "left" : "right"
        switch abs(turn) {
        case ..<15: return "ahead"
        case ..<60: return "ahead on the \(side)"
        case ..<120: return "on the \(side)"
        case ..<165: return "behind on the \(side)"
        default: return "behind"
        }
    }

    /// What a screen reader says after a key: the lines for what changed from `before`.
    package static func changes(from before: Snapshot, to state: ExplorerState) -> [String] {
        let after = Snapshot(state)
        var lines: [String] = []
        if after.commandLineOpen && !before.commandLineOpen {
            lines.append(
                after.commandLine == "find "
                    ? "Find a place. Type its name, Enter goes there, Escape cancels."
                    : "Command line. Type a command, Enter runs it, Escape cancels.")
        }
        if let typed = after.commandLine, typed != before.commandLine, before.commandLineOpen {
            lines.append(
                typed.count > (before.commandLine?.count ?? 0) ? "\(spoken(typed.last!))" : "deleted; \(typed.isEmpty ? "empty" : typed)")
        }
        if after.panoramaID != before.panoramaID {
            lines.append(arrival(state))
        } else if after.camera != before.camera {
            lines.append(facing(state.camera))
        }
        if let note = after.note, after.noteSerial != before.noteSerial { lines.append(note) }
        if after.focus != before.focus, let focus = after.focus { lines.append("Focus: " + focusText(focus, in: state) + ".") }
        if after.help != before.help { lines.append(after.help ? help : "Help closed.") }
        return lines
    }

    /// What the narrator compares: the parts of the state it speaks about.
    package struct Snapshot: Equatable, Sendable {
        var camera: PanoramaCamera
        var panoramaID: String?
        var note: String?
        var noteSerial: Int
        var focus: Focus?
        var help: Bool
        var commandLineOpen: Bool
        var commandLine: String?

        package init(_ state: ExplorerState) {
            camera = state.camera
            panoramaID = state.panorama?.id
            note = state.note
            noteSerial = state.noteSerial
            focus = state.focus
            help = state.isShowingHelp
            commandLineOpen = state.commandLine != nil
            commandLine = state.commandLine
        }
    }

    /// What to say for a key that did nothing because nothing is bound to it (the full view
    /// stays quiet: nothing on screen changes), or nil.
    package static func unbound(_ key: Key, in state: ExplorerState) -> String? {
        guard state.commandLine == nil, state.map == nil, KeyBindings.command(for: key, effectiveFOV: 90) == nil, key != .character(":")
        else {
            return nil
        }
        return "\(key.tmuxName) does nothing here; ? lists the keys."
    }

    /// A typed character as a screen reader should say it: "space" for a space.
    static func spoken(_ character: Character) -> String {
        character == " " ? "space" : String(character)
    }

    /// The list of keys, read out: "Keys: Left Right h l, turn; ...".
    static var help: String {
        let keys = KeyBindings.help.map { keys, does in
            keys.split(separator: " ").joined(separator: " ") + ": " + does
        }
        return "Keys: " + keys.joined(separator: "; ") + ". Escape closes this."
    }

    /// The focused way or marker as it is said ("way 1, east along Main Street"); nil when
    /// nothing is focused.
    package static func focusDescription(_ state: ExplorerState) -> String? {
        state.focus.map { focusText($0, in: state) }
    }

    private static func focusText(_ focus: Focus, in state: ExplorerState) -> String {
        switch focus {
        case .link(let number):
            let links = state.numberedLinks
            guard links.indices.contains(number - 1) else { return "way \(number)" }
            let link = links[number - 1]
            return "way \(number), \(CompassPoint.word(forHeading: link.heading))" + (link.description.map { " along \($0)" } ?? "")
        case .marker(let id):
            return state.markers.first { $0.id == id }.flatMap { marker($0, in: state) } ?? id
        }
    }

    private static func place(_ state: ExplorerState) -> [String] {
        guard let panorama = state.panorama else { return [] }
        let name = panorama.description ?? panorama.id
        return ["At \(name)" + (panorama.captureDate.map { ", " + spokenDate($0) } ?? "") + "."]
    }

    private static func floors(_ state: ExplorerState) -> [String] {
        guard let floors = state.floors else { return [] }
        return ["Floor \(floors.current) of \(floors.all.map(String.init).joined(separator: ", "))."]
    }

    private static func markers(_ state: ExplorerState) -> [String] {
        guard let here = state.panorama?.coordinate else { return [] }
        return state.markers
            .map { ($0, here.distance(to: $0.coordinate)) }
            .filter { $0.1 <= Navigation.markerRange }
            .sorted { $0.1 < $1.1 }
            .compactMap { marker($0.0, in: state).map { $0 + "." } }
    }

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December"
    ]

    /// "2024-06" as "June 2024", "2024-06-21" as "21 June 2024"; anything else as it is.
    static func spokenDate(_ date: String) -> String {
        let parts = date.split(separator: "-").map(String.init)
        guard parts.count >= 2, parts.count <= 3, parts[0].count == 4, Int(parts[0]) != nil,
            let month = Int(parts[1]), (1...12).contains(month)
        else { return date }
        let monthYear = "\(months[month - 1]) \(parts[0])"
        guard parts.count == 3 else { return monthYear }
        guard let day = Int(parts[2]), (1...31).contains(day) else { return date }
        return "\(day) \(monthYear)"
    }
}
