import PanoCore
import StreetModel

/// The explorer in words, for screen readers, braille displays and transcripts: what you face,
/// where you are, the ways on and the markers near you, and what changed after a key. Units and
/// symbols are words ("10 metres", "90 degrees"), so a synthesiser says them right. Pure; the
/// text carries untrusted names from datasets, so the front sanitises it before writing it.
package enum Narrator {
    /// How many markers `r` reads before "r again reads them", so it is heard in 15 s.
    package static let markersPerReading = 2

    /// Everything, e.g. "Facing east, 90 degrees, at Main Street 16, June 2024. Ways east and
    /// west along Main Street. Behind: Café Aurora 10 metres. On the left: Bakery Korn 45."; the
    /// markers nearest first, at most `markerLimit` of them (nil: all) and how many more.
    package static func describe(_ state: ExplorerState, markerLimit: Int? = nil) -> String {
        let near = nearbyMarkers(state)
        let shown = markerLimit.map { Array(near.prefix($0)) } ?? near
        let more = near.count - shown.count
        let markers = (shown.isEmpty ? [] : [markerGroups(shown)]) + (more > 0 ? ["r again: \(more) more."] : [])
        return
            ([String(facing(state.camera).dropLast()) + ", " + place(state)] + [sentence(ways(state, naming: .unlessOnIt))]
            + floors(state).map(sentence) + markers)
            .joined(separator: " ")
    }

    /// The markers `describe` left out after its first `count`: "Further: On the left: ...".
    package static func moreMarkers(_ state: ExplorerState, after count: Int) -> String? {
        let rest = Array(nearbyMarkers(state).dropFirst(count))
        return rest.isEmpty ? nil : "Further: " + markerGroups(rest)
    }

    /// The camera in words: "Facing north-east, 45 degrees, looking up 20 degrees, zoom 2 times."
    package static func facing(_ camera: PanoramaCamera) -> String {
        let heading = Int(camera.heading.rounded()) % 360
        return "Facing \(CompassPoint.word(forHeading: camera.heading)), \(SpokenWords.degrees(heading))\(lookAndZoom(camera))."
    }

    /// The tilt and zoom where they are not level and 1: ", looking up 20 degrees, zoom 2 times".
    static func lookAndZoom(_ camera: PanoramaCamera) -> String {
        let pitch = Int(camera.pitch.rounded())
        let tilt =
            pitch == 0 ? "" : pitch > 0 ? ", looking up \(SpokenWords.degrees(pitch))" : ", looking down \(SpokenWords.degrees(-pitch))"
        let zoom = (camera.zoom * 10).rounded() / 10
        return tilt + (zoom == 1 ? "" : ", zoom \(zoom.plainText) times")
    }

    /// Which streets a list of ways leaves unnamed, because the place's name says them.
    package enum StreetNaming: Sendable {
        /// Not the street the place is on (its name starts with it: "Main Street 16").
        case unlessOnIt
        /// Not any street the place's name mentions ("Main Street at Station Road").
        case unlessInPlace
    }

    /// The ways on, by direction and street: "ways east and west along Main Street, north along
    /// Station Road", without the streets `naming` leaves out; "no ways on" where there are none.
    package static func ways(_ state: ExplorerState, naming: StreetNaming) -> String {
        let links = state.numberedLinks
        guard !links.isEmpty else { return state.navigation.waysPending ? "ways still being read" : "no ways on" }
        return (links.count == 1 ? "one way, " : "ways ") + wayGroups(links, place: state.panorama?.description, naming: naming)
    }

    /// A phrase as a sentence: its first letter capitalised, a full stop after it.
    static func sentence(_ phrase: String) -> String {
        phrase.prefix(1).uppercased() + phrase.dropFirst() + "."
    }

    /// Links grouped by the street they follow, in the order first met: "east and west along
    /// Main Street, north along Station Road"; the streets `place`'s first part says as `naming`
    /// asks go unsaid, and their ways are said together ("east, west and north").
    static func wayGroups(_ links: [Link], place: String?, naming: StreetNaming) -> String {
        let here = place?.split(separator: ",").first.map(String.init) ?? ""
        var streets: [String?] = []
        var directions: [String?: [String]] = [:]
        for link in links {
            let said = link.description.map { naming == .unlessOnIt ? here.hasPrefix($0) : here.contains($0) } ?? true
            let street = said ? nil : link.description
            if directions[street] == nil { streets.append(street) }
            directions[street, default: []].append(CompassPoint.word(forHeading: link.heading))
        }
        return streets.map { street in SpokenWords.list(directions[street] ?? []) + (street.map { " along \($0)" } ?? "") }
            .joined(separator: ", ")
    }

    /// A marker from where you stand and face: "Café Aurora 30 metres ahead on the left".
    package static func marker(_ marker: Marker, in state: ExplorerState) -> String? {
        guard let here = state.panorama?.coordinate else { return nil }
        let distance = here.distance(to: marker.coordinate)
        let turn = Degrees.wrap180(here.bearing(to: marker.coordinate) - state.camera.heading)
        return "\(marker.title) \(SpokenWords.metres(distance)) metres \(relativeDirection(turn))"
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
        var arrived: String?
        if after.panoramaID != before.panoramaID {
            arrived = arrival(state, after: before.heard)
            lines.append(arrived!)
        } else if after.camera != before.camera {
            lines.append(facing(state.camera))
        }
        if let note = after.note, after.noteSerial != before.noteSerial, let unsaid = notSaidYet(note, in: arrived) {
            lines.append(SpokenWords.withoutSymbols(unsaid))
        }
        if after.focus != before.focus, let focus = after.focus { lines.append("Focus: " + focusText(focus, in: state) + ".") }
        if after.help != before.help { lines.append(after.help.map(help) ?? "Help closed.") }
        return lines
    }

    /// What of `note` the arrival line `arrived` has not said: a place found is named by the
    /// arrival already ("…; Bakery Korn 8 metres ahead."), so its note ("Bakery Korn, 8 m ahead ·
    /// also: …") says only the others, or nothing.
    static func notSaidYet(_ note: String, in arrived: String?) -> String? {
        guard let arrived else { return note }
        let parts = note.split(separator: " · also: ", omittingEmptySubsequences: false).map(String.init)
        guard let place = parts.first?.split(separator: ",").first, parts.first?.hasSuffix(" ahead") == true,
            arrived.contains("\(place) ") && arrived.contains(" metres ahead")
        else { return note }
        return parts.count > 1 ? "Also: " + parts.dropFirst().joined(separator: " · also: ") : nil
    }

    /// What the narrator compares: the parts of the state it speaks about.
    package struct Snapshot: Equatable, Sendable {
        var camera: PanoramaCamera
        var panoramaID: String?
        var note: String?
        var noteSerial: Int
        var focus: Focus?
        var help: Int?
        var commandLineOpen: Bool
        var commandLine: String?
        var heard: Heard

        package init(_ state: ExplorerState) {
            camera = state.camera
            panoramaID = state.panorama?.id
            note = state.note
            noteSerial = state.noteSerial
            focus = state.focus
            help = state.helpSection
            commandLineOpen = state.commandLine != nil
            commandLine = state.commandLine
            heard = Heard(state)
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

    /// One part of the list of keys, read out: "Keys, part 1 of 5, looking. Left Right h l:
    /// turn; ... Question mark: part 2, walking."
    static func help(section index: Int) -> String {
        let sections = KeyBindings.helpSections
        let keys = sections[index].keys.map { keys, does in keys.split(separator: " ").map(spokenKey).joined(separator: " ") + ": " + does }
        let next = index + 1 < sections.count ? "part \(index + 2), \(sections[index + 1].name)" : "closes"
        return "Keys, part \(index + 1) of \(sections.count), \(sections[index].name). " + keys.joined(separator: "; ")
            + ". Question mark: \(next)."
    }

    /// A key's name in the help as a synthesiser should say it: "plus", not "+".
    private static func spokenKey(_ name: Substring) -> String {
        let words = [
            "+": "plus", "-": "minus", "/": "slash", ":": "colon", "?": "question mark", "[": "left bracket", "]": "right bracket",
            "...": "to"
        ]
        return words[String(name)] ?? String(name)
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

    /// "at Main Street 16, 21 June 2024." or "nowhere." without a panorama.
    private static func place(_ state: ExplorerState) -> String {
        guard let panorama = state.panorama else { return "nowhere." }
        let name = SpokenWords.withoutSymbols(panorama.description ?? panorama.id)
        return "at \(name)" + (panorama.captureDate.map { ", " + SpokenWords.date($0) } ?? "") + "."
    }

    /// "floor 2 of 1, 2 and 3" where the place has floors.
    static func floors(_ state: ExplorerState) -> [String] {
        guard let floors = state.floors else { return [] }
        return ["floor \(floors.current) of \(SpokenWords.list(floors.all.map(String.init)))"]
    }
}
