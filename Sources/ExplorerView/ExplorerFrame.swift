import Explorer
import PanoCore
import StreetMap
import StreetModel
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// One frame of the full-screen explorer as cells: the view, the ways on and markers, the
/// compass, the controls, the status line and the help. Shared by the interactive front and
/// `sidewalk snapshot --overlays` (`.ans`), so a snapshot shows what the explorer shows.
package enum ExplorerFrame {
    /// A frame and what the mouse needs to know of it.
    package struct Drawn {
        package let grid: CellGrid
        /// The cells showing the view.
        package let viewArea: ViewArea
        /// The labels drawn, where a click activates them.
        package let clickTargets: [ClickTarget]
    }

    /// Composes the frame for `state` at `columns`×`rows` cells. `header` is the top line (nil
    /// for none); `loadNote` a note from the front (loading, or why the picture is missing), shown
    /// when the state has no note of its own: what a key just did is said first.
    package static func draw(
        composer: inout FrameComposer, panorama: EquirectPanorama, state: ExplorerState, header: String?,
        display: DisplayOptions, columns: Int, rows: Int, loadNote: String? = nil,
        blend: FrameComposer.Blend? = nil, runner: any ParallelRunner = SerialRunner()
    ) -> Drawn {
        composer.colors = display.highContrast ? .highContrast : .standard
        composer.symbols = display.symbols
        // The full map takes the view's place: no picture is drawn under it.
        if state.map != nil { composer.pixelsPerCell = nil }
        let top = header == nil ? 0 : 1
        let fits = columns >= FrameComposer.minimumColumns && rows >= FrameComposer.minimumRows
        let (headerText, compass) = HUDLayout.header(
            header?.split(separator: " · ", omittingEmptySubsequences: false).map(String.init) ?? [], heading: state.camera.heading,
            width: columns, compassHidden: display.compassHidden)
        let note = state.note ?? loadNote
        // A note longer than the bottom line's room (`r`'s reading) is shown whole above it.
        let longNote = note.flatMap {
            state.map == nil && state.presenter == nil && TextLayout.width(of: $0 + " · ") > HUDLayout.noteRoom(state, width: columns)
                ? $0 : nil
        }
        var status = HUDLayout.statusLine(state, note: longNote == nil ? note : nil, width: columns)
        if let line = state.commandLine { status = (":" + line + "█", "") }
        if let map = state.map, state.note == nil { status = (MapLayer.statusLeft(map, basemap: display.basemap), MapLayer.statusRight) }
        var frame = composer.compose(
            panorama: panorama, camera: state.camera, columns: columns, rows: rows, statusLeft: status.left, statusRight: status.right,
            header: header == nil ? nil : headerText, blend: blend, runner: runner
        )
        // Below the smallest size only the notice shows: nothing may be drawn over it.
        guard fits else {
            return Drawn(grid: frame, viewArea: ViewArea(columns: columns, top: top, rows: max(0, rows - 1 - top)), clickTargets: [])
        }
        let overlays = state.map == nil ? overlays(state, display: display) : []
        let controls = controls(state, display: display)
        // The controls are drawn last, right-aligned on the view's first row: no label runs into them.
        let controlCells = controls.map { [(row: top, columns: max(0, columns - TextLayout.width(of: $0) - 2)..<columns)] } ?? []
        frame = composer.drawOverlays(overlays.map(\.overlay), camera: state.camera, header: header != nil, keeping: controlCells)
        var targets = composer.placedOverlays.map {
            ClickTarget(item: Clickable(overlays[$0.index].item), row: $0.row, columns: $0.columns)
        }
        var drawnMap: MapPicture.Drawn?
        frame = composer.paint { drawnMap = MapLayer.draw(state, display: display, into: &$0, top: top) }
        targets += (drawnMap?.panoramaCells ?? []).map {
            ClickTarget(item: .panorama($0.id), row: $0.row, columns: $0.column..<($0.column + 1))
        }
        if header != nil, let compass {
            frame = composer.drawText(compass, row: 0, alignedRight: true)
            let width = TextLayout.width(of: compass)
            targets.append(ClickTarget(item: .compass, row: 0, columns: (columns - width - 1)..<(columns - 1)))
        }
        if let controls {
            frame = composer.drawText(controls, row: top, alignedRight: true)
            targets += controlTargets(controls, row: top, columns: columns)
        }
        if let longNote {
            let lines = TextLayout.wrapped(longNote, limit: columns - 2).prefix(max(1, (rows - top - 1) / 3))
            for (index, line) in lines.enumerated() {
                frame = composer.drawText(line, row: rows - 1 - lines.count + index, alignedRight: false)
            }
        }
        frame = drawPanels(state, composer: &composer, columns: columns, targets: &targets) ?? frame
        if let part = state.helpSection {
            frame = composer.drawPanel(
                title: HelpPages.title(part: part),
                lines: HelpPages.lines(part: part, columns: columns, rows: rows, mouse: display.mouse))
        }
        return Drawn(grid: frame, viewArea: ViewArea(columns: columns, top: top, rows: rows - 1 - top), clickTargets: targets)
    }

    /// The panels a key asked for over the view: the view's URL (`u`) and the places found;
    /// the found places' lines become click targets ahead of `targets`. The frame after them, or
    /// nil when none is shown.
    private static func drawPanels(
        _ state: ExplorerState, composer: inout FrameComposer, columns: Int, targets: inout [ClickTarget]
    ) -> CellGrid? {
        var frame: CellGrid?
        if state.isShowingShare, let url = state.displayRequests.sharedURL {
            // The whole URL, wrapped: the status line cuts it at 80 or 120 columns.
            let width = max(10, columns - 8)
            func wrapped(_ text: String) -> [String] {
                stride(from: 0, to: text.count, by: width).map { String(text.dropFirst($0).prefix(width)) }
            }
            var lines = wrapped(url)
            if let viewer = state.displayRequests.viewerURL { lines += ["", "In Panoramax's web viewer:"] + wrapped(viewer) }
            frame = composer.drawPanel(title: "This view's URL (copied to the clipboard where the terminal allows it)", lines: lines)
        }
        if let found = state.found {
            let lines = found.places.enumerated().map { index, place in
                (index == found.selected ? focusMark(true) : "  ") + "\(index + 1)  " + place.line
            }
            let title = "Places found for '\(found.query)' · Data \(found.attribution)"
            if let box = composer.panelBox(title: title, lines: lines) {
                // Each line is a place to click, before anything the panel covers.
                let lineTargets = lines.indices.prefix(max(0, box.height - 3)).map { index in
                    ClickTarget(item: .foundPlace(index), row: box.top + 2 + index, columns: (box.left + 2)..<(box.left + box.width - 2))
                }
                targets = lineTargets + targets
            }
            frame = composer.drawPanel(title: title, lines: lines)
        }
        return frame
    }

    /// The top line in a dataset: the place, the capture date and the copyright; nil for a
    /// single image.
    package static func header(of state: ExplorerState) -> String? {
        guard let panorama = state.panorama else { return nil }
        return [panorama.description ?? panorama.id, panorama.captureDate, panorama.copyright].compactMap { $0 }.joined(separator: " · ")
    }

    /// Where a way-on label sits: on the ground a few metres ahead, degrees below the horizon.
    static let wayPitch = -22.0
    /// A marker's pin is a disc this many metres across, so it shrinks with distance.
    static let markerPinRadius = 0.6

    /// The ways on (numbered, on the ground at their headings) and the markers in range (at
    /// their bearing and elevation from the eye, 2.5 m up).
    package static func overlays(_ state: ExplorerState, display: DisplayOptions) -> [(overlay: FrameComposer.Overlay, item: Focus)] {
        guard let panorama = state.panorama else { return [] }
        let ways = display.linksHidden ? [] : state.numberedLinks
        var overlays = ways.enumerated().map { index, link in
            (
                FrameComposer.Overlay(
                    label: focusMark(state.focus == .link(index + 1))
                        + "▲\(index + 1)" + (display.streetNamesHidden ? "" : link.description.map { " \($0)" } ?? ""),
                    direction: Orientation(heading: link.heading, pitch: wayPitch), hintWhenOutOfView: true,
                    highlighted: state.focus == .link(index + 1)),
                Focus.link(index + 1)
            )
        }
        for marker in drawnMarkers(state, from: panorama.coordinate) {
            let distance = panorama.coordinate.distance(to: marker.coordinate)
            let elevation = Degrees.degrees(fromRadians: atan2(marker.height - 2.5, distance))
            overlays.append(
                (
                    FrameComposer.Overlay(
                        label: focusMark(state.focus == .marker(marker.id)) + "◆ \(marker.title) \(Int(distance.rounded())) m",
                        direction: Orientation(heading: panorama.coordinate.bearing(to: marker.coordinate), pitch: elevation),
                        hintWhenOutOfView: true, highlighted: state.focus == .marker(marker.id),
                        pinRadius: Degrees.degrees(fromRadians: atan2(markerPinRadius, distance))),
                    .marker(marker.id)
                ))
        }
        return overlays
    }

    /// The markers in range drawn, none indoors, at most `PlacesAround.mostDrawn`: the focused one, then
    /// those in view, then those beside and behind you (drawn as hints at the view's edges),
    /// each in the order the state holds them (the dataset's own, then the street map's places,
    /// most notable and nearest first).
    static func drawnMarkers(_ state: ExplorerState, from here: Coordinate) -> [Marker] {
        // Indoors the markers are outside: drawn, they would stand on the walls (r still says them).
        guard state.panorama?.source != .indoor else { return [] }
        let inRange = state.markers.filter {
            let distance = here.distance(to: $0.coordinate)
            return distance <= Navigation.markerRange && distance > 0.5
        }
        guard inRange.count > PlacesAround.mostDrawn else { return inRange }
        let halfView = state.camera.effectiveFOV / 2
        func priority(_ marker: Marker) -> Int {
            if state.focus == .marker(marker.id) { return 0 }
            return abs(Degrees.wrap180(here.bearing(to: marker.coordinate) - state.camera.heading)) <= halfView ? 1 : 2
        }
        let chosen = Set(
            inRange.indices.sorted { (priority(inRange[$0]), $0) < (priority(inRange[$1]), $1) }.prefix(PlacesAround.mostDrawn))
        return inRange.indices.filter(chosen.contains).map { inRange[$0] }
    }

    /// The controls under the compass, right-aligned: the floor picker in a building with
    /// levels, then home, each with its keys, e.g. "Floor 1 of 0–2 · [ ]  ⌂ home g"; nil
    /// when none is shown (a single image has neither).
    static func controls(_ state: ExplorerState, display: DisplayOptions) -> String? {
        guard state.panorama != nil else { return nil }
        var parts: [String] = []
        if !display.floorPickerHidden, let floors = state.floors {
            parts.append("Floor \(floors.current) of \(floorList(floors.all)) · [ ]")
        }
        if !display.homeHidden { parts.append(homeControl) }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }

    /// Where the controls' parts were drawn (right-aligned, one column from the edge): `[` and
    /// `]` of the floor picker, and the home control.
    static func controlTargets(_ controls: String, row: Int, columns: Int) -> [ClickTarget] {
        let left = columns - TextLayout.width(of: controls) - 1
        var targets: [ClickTarget] = []
        var column = left
        for character in controls {
            switch character {
            case "[": targets.append(ClickTarget(item: .floor(delta: -1), row: row, columns: column..<(column + 1)))
            case "]": targets.append(ClickTarget(item: .floor(delta: 1), row: row, columns: column..<(column + 1)))
            default: break
            }
            column += TextLayout.width(of: String(character))
        }
        if let home = controls.firstRange(of: homeControl) {
            let start = left + TextLayout.width(of: String(controls[..<home.lowerBound]))
            targets.append(ClickTarget(item: .home, row: row, columns: start..<(start + TextLayout.width(of: homeControl))))
        }
        return targets
    }

    /// The floors as the picker shows them: a run of levels by its ends ("0–2"; once "0 1 2",
    /// which read as three numbers), any other set with commas ("-1, 0, 2").
    static func floorList(_ all: [Int]) -> String {
        let sorted = all.sorted()
        guard let first = sorted.first, let last = sorted.last else { return "" }
        if sorted.count > 1, last - first == sorted.count - 1 { return "\(first)–\(last)" }
        return sorted.map(String.init).joined(separator: ", ")
    }

    /// The home control's text.
    static let homeControl = "⌂ home g"

    /// The focused label's mark, so focus is never shown by colour alone.
    static func focusMark(_ focused: Bool) -> String {
        focused ? Perceived.focusMark + " " : ""
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
