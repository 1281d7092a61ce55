import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// What the terminal reports of the mouse. Cells are 0-based (column, row) on the screen.
package enum PointerReport: Equatable, Sendable {
    /// The main button went down.
    case press(column: Int, row: Int)
    /// The pointer moved with a button held (Sidewalk asks for no motion otherwise).
    case motion(column: Int, row: Int)
    /// The main button came up.
    case release(column: Int, row: Int)
    /// One notch of the wheel; `up` zooms in.
    case wheel(up: Bool)
}

/// The cells that show the view: full width, `rows` rows from `top`. Each cell is one pixel
/// wide and two tall (half-blocks).
package struct ViewArea: Equatable, Sendable {
    package let columns: Int
    package let top: Int
    package let rows: Int

    package init(columns: Int, top: Int, rows: Int) {
        self.columns = columns
        self.top = top
        self.rows = rows
    }

    /// The projection of `camera` onto this area's pixels, or nil when the area is empty.
    func projection(of camera: PanoramaCamera) -> ViewProjection? {
        guard columns >= 1, rows >= 1 else { return nil }
        return ViewProjection(camera: camera, width: columns, height: rows * 2)
    }
}

/// A label on screen that a click activates: a way on or a marker, where it was drawn.
package struct ClickTarget: Equatable, Sendable {
    package let item: Clickable
    package let row: Int
    package let columns: Range<Int>

    package init(item: Clickable, row: Int, columns: Range<Int>) {
        self.item = item
        self.row = row
        self.columns = columns
    }
}

/// What a click can land on: a way's or a marker's label, a panorama's dot on a map, or one of
/// the controls (the compass, home, the floor picker's `[` and `]`).
package enum Clickable: Equatable, Sendable {
    case link(Int)
    case marker(String)
    case panorama(String)
    case compass
    case home
    case floor(delta: Int)
    /// A line of the web search's list, by its index from 0.
    case foundPlace(Int)

    /// A focusable item's label.
    package init(_ focus: Focus) {
        switch focus {
        case .link(let number): self = .link(number)
        case .marker(let id): self = .marker(id)
        }
    }
}

/// Turns mouse reports into the explorer's commands, as Street View's mouse works: drag the
/// picture to look around (it follows the pointer), wheel to zoom, click a way on to walk it,
/// click a marker to read it, click elsewhere to report the direction (didTap). A press and
/// release without motion in between is a click. A report lost on the way (a press before the
/// window had focus) does no harm: motion with no press before it starts a drag there, and a
/// release with no press is a click.
package struct PointerInput: Sendable {
    /// Where the pointer was at the last press or motion, while a button is held.
    private var held: (column: Int, row: Int)?
    private var dragged = false
    /// The last click on the view where nothing is, and when (seconds): a second one there soon
    /// after is a double click.
    private var lastTap: (column: Int, row: Int, time: Double)?

    /// Longest gap between the two clicks of a double click, seconds (a common desktop default).
    package static let doubleClickSeconds = 0.4

    package init() {}

    /// The command a report asks for, with the camera and screen as they are; nil when it asks
    /// for nothing (a press, the end of a drag, a click outside the view).
    /// With `mapOpen`, a drag pans the full map and the wheel zooms it. `now` (seconds) tells a
    /// double click on the ground, which walks toward it, from two clicks.
    package mutating func command(
        for report: PointerReport, camera: PanoramaCamera, area: ViewArea,
        targets: [ClickTarget], mapOpen: Bool = false, now: Double = 0
    ) -> ExplorerCommand? {
        switch report {
        case .press(let column, let row):
            held = (column, row)
            dragged = false
            return nil
        case .motion(let column, let row):
            defer { held = (column, row) }
            guard let from = held, (column, row) != from else { return nil }
            if mapOpen {
                dragged = true
                return .panMap(columns: column - from.column, rows: row - from.row)
            }
            guard let projection = area.projection(of: camera) else { return nil }
            dragged = true
            let degreesPerPixel = Degrees.degrees(fromRadians: atan(1 / projection.focalLength))
            // The picture follows the pointer: dragging right brings what is on the left into view.
            return .look(
                turn: -Double(column - from.column) * degreesPerPixel,
                tilt: Double(row - from.row) * 2 * degreesPerPixel)
        case .release(let column, let row):
            defer {
                held = nil
                dragged = false
            }
            guard !dragged, let command = click(column: column, row: row, camera: camera, area: area, targets: targets, mapOpen: mapOpen)
            else {
                return nil
            }
            guard case .tap(let direction) = command else { return command }
            // A second click at the same place soon after: walk toward it (Street View's double-click).
            if let last = lastTap, last.column == column, last.row == row, now - last.time <= Self.doubleClickSeconds {
                lastTap = nil
                return .walkToward(heading: direction.heading)
            }
            lastTap = (column, row, now)
            return command
        case .wheel(let up):
            if mapOpen { return .zoomMap(in: up) }
            return .zoom(factor: up ? KeyBindings.zoomStep : 1 / KeyBindings.zoomStep)
        }
    }

    private func click(column: Int, row: Int, camera: PanoramaCamera, area: ViewArea, targets: [ClickTarget], mapOpen: Bool)
        -> ExplorerCommand?
    {
        if let target = targets.first(where: { $0.row == row && $0.columns.contains(column) }) {
            switch target.item {
            case .link(let number): return .followLink(number)
            case .marker(let id): return .tapMarker(id: id)
            case .panorama(let id): return .goToPanorama(id: id)
            case .compass: return .faceNorth
            case .home: return .goHome
            case .floor(let delta): return .changeLevel(delta: delta)
            case .foundPlace(let index): return .chooseFoundPlace(index)
            }
        }
        if mapOpen { return nil }
        guard (0..<area.columns).contains(column), (area.top..<(area.top + area.rows)).contains(row),
            let projection = area.projection(of: camera)
        else { return nil }
        return .tap(projection.orientation(atX: Double(column) + 0.5, y: Double(row - area.top) * 2 + 1))
    }
}
