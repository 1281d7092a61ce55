import Explorer
import StreetModel
import TermRender

/// The top and bottom lines laid out by priority, so that at any width what must show shows and
/// nothing overlaps. Bottom line: the keys for help and quit always; then a note; then the
/// camera and the ways at their shortest; then the camera in full; then the ways with their
/// street names; then the hints to turn and walk.
/// Top line: the place's name always (clipped last); then the compass, narrower as needed; then
/// the capture date and the credit.
enum HUDLayout {
    /// What the bottom line always ends with.
    static let essentials = "? keys · q quit "
    /// What a follower's bottom line always ends with: the keys it may use.
    static let followerEssentials = "r reads · ? keys · q leaves "
    /// Columns between the left and the right text (`FrameComposer`'s status line).
    static let gap = 3

    /// The bottom line's left and right texts for a screen `width` columns wide.
    static func statusLine(_ state: ExplorerState, note: String?, width: Int) -> (left: String, right: String) {
        let camera = cameraVariants(state)
        let room = width - 1  // the left margin
        func total(_ left: String, _ right: String) -> Int {
            TextLayout.width(of: left) + (left.isEmpty ? 0 : gap) + TextLayout.width(of: right)
        }
        if let presenter = state.presenter {
            // A follower's line: what it follows (or the note), the keys it has, the camera; no
            // ways nor hints to turn and walk, keys it cannot use.
            let shown = clip((note ?? presenter.words) + " · ", to: room - TextLayout.width(of: followerEssentials))
            let right = shown + followerEssentials
            return (camera.last { total($0, right) <= room } ?? "", right)
        }
        if let note = note.map({ $0 + " · " }) {
            // The note has the room the keys and the shortest camera leave; the camera grows into what is left.
            let shown = clip(note, to: noteRoom(state, width: width))
            let right = shown + essentials
            let left = camera.last { total($0, right) <= room } ?? ""
            return (left, right)
        }
        let ways = wayVariants(state)
        let hints = state.panorama == nil ? ["arrows turn · "] : ["arrows turn · w walk · "]
        // In priority order, each the longest that fits with what is already chosen: the camera
        // and the ways at their shortest, the camera in full, the ways with names, the hints.
        var choice = (camera: -1, ways: -1, hints: -1)
        func right(_ c: (camera: Int, ways: Int, hints: Int)) -> String {
            (c.ways >= 0 ? ways[c.ways] : "") + (c.hints >= 0 ? hints[c.hints] : "") + essentials
        }
        func fits(_ c: (camera: Int, ways: Int, hints: Int)) -> Bool {
            total(c.camera >= 0 ? camera[c.camera] : "", right(c)) <= room
        }
        let steps: [(part: Int, variants: [Int])] = [
            (0, [0]), (1, [0]), (0, Array(camera.indices.reversed())),
            (1, Array(ways.indices.reversed())), (2, [0])
        ]
        for (part, variants) in steps {
            for index in variants {
                var trial = choice
                switch part {
                case 0: trial.camera = max(trial.camera, index)
                case 1: trial.ways = max(trial.ways, index)
                default: trial.hints = max(trial.hints, index)
                }
                guard part != 1 || index < ways.count, fits(trial) else { continue }
                choice = trial
                break
            }
        }
        return (choice.camera >= 0 ? camera[choice.camera] : "", right(choice))
    }

    /// Columns a note has on the bottom line of a screen `width` wide (with its " · "): what the
    /// keys and the shortest camera readout leave. A longer note is shown whole above the line.
    static func noteRoom(_ state: ExplorerState, width: Int) -> Int {
        let room = width - 1
        return room - TextLayout.width(of: essentials) - (room >= 40 ? TextLayout.width(of: cameraVariants(state)[0]) + gap : 0)
    }

    /// The camera readout, shortest first: "60° NE", "60° NE · 0° · 1.0×", then the whole.
    static func cameraVariants(_ state: ExplorerState) -> [String] {
        let camera = state.camera
        let heading = "\(Int(camera.heading.rounded()) % 360)° \(CompassPoint.name(forHeading: camera.heading))"
        let zoom = (camera.zoom * 10).rounded() / 10
        return [heading, "\(heading) · \(Int(camera.pitch.rounded()))° · \(zoom)×", state.cameraReadout]
    }

    /// The ways, bare then named ("1 E  2 W", "1 E Main Street  2 W Main Street"), each followed by
    /// a separator; none when there are no ways.
    static func wayVariants(_ state: ExplorerState) -> [String] {
        let links = state.numberedLinks
        guard !links.isEmpty else { return [] }
        let bare = links.enumerated().map { "\($0.offset + 1) \(CompassPoint.name(forHeading: $0.element.heading))" }.joined(
            separator: "  ")
        return [bare + " · ", state.linkSummary + " · "]
    }

    /// The top line for a screen `width` columns wide: the header text (name, then date and
    /// credit where they fit) and the compass (25, 17 or 9 columns, or none) that fits beside it.
    static func header(_ parts: [String], heading: Double, width: Int, compassHidden: Bool) -> (text: String, compass: String?) {
        let room = width - 2  // margins
        guard let name = parts.first else { return ("", nil) }
        var shown = [name]
        var compass: String?
        func used() -> Int { TextLayout.width(of: shown.joined(separator: " · ")) + (compass.map { TextLayout.width(of: $0) + 1 } ?? 0) }
        if !compassHidden, let narrow = CompassStrip.text(heading: heading, width: 9) {
            compass = narrow
            if used() > room { compass = nil }
        }
        for part in parts.dropFirst() {
            shown.append(part)
            if used() > room {
                shown.removeLast()
                break
            }
        }
        if compass != nil {
            for compassWidth in [25, 17] {
                let wider = CompassStrip.text(heading: heading, width: compassWidth)
                let before = compass
                compass = wider
                if used() <= room { break }
                compass = before
            }
        }
        return (clip(shown.joined(separator: " · "), to: room - (compass.map { TextLayout.width(of: $0) + 1 } ?? 0)), compass)
    }

    /// `text` cut to `width` columns with an ellipsis when it is longer; empty below 2 columns.
    static func clip(_ text: String, to width: Int) -> String {
        guard TextLayout.width(of: text) > width else { return text }
        guard width >= 2 else { return "" }
        var kept = ""
        for character in text {
            if TextLayout.width(of: kept + String(character)) > width - 1 { break }
            kept.append(character)
        }
        return kept + "…"
    }
}
