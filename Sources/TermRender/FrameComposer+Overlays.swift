import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// Labels over the view: the ways on and the markers, at their directions, with a hint at the
/// view's edge for those out of it.
extension FrameComposer {
    /// A label placed at a direction in the view: a way on, or a marker.
    public struct Overlay: Sendable {
        /// Untrusted text; sanitised and clipped.
        public let label: String
        public let direction: Orientation
        /// Shown at the view's edge, with an arrow, when the direction is out of view: at the
        /// left or right edge when it is beside or behind you, at the top or bottom edge when it
        /// is across from you but above or below the view; when false it is simply hidden.
        public let hintWhenOutOfView: Bool
        /// Drawn in the focus colours (the item Tab has focused).
        public let highlighted: Bool
        /// The radius of a pin drawn in pixels at the direction, as an angle, degrees, 0...45;
        /// 0 draws no pin. A marker's pin has a fixed size in the world, so it shrinks with distance.
        public let pinRadius: Double

        public init(label: String, direction: Orientation, hintWhenOutOfView: Bool, highlighted: Bool = false, pinRadius: Double = 0) {
            self.label = label
            self.direction = direction
            self.hintWhenOutOfView = hintWhenOutOfView
            self.highlighted = highlighted
            self.pinRadius = min(max(pinRadius, 0), 45)
        }

        func background(_ colors: HUDColors) -> RGB { highlighted ? colors.focusBackground : colors.labelBackground }
        func foreground(_ colors: HUDColors) -> RGB { highlighted ? colors.focusForeground : colors.labelForeground }
    }

    /// Smallest and largest pin radius drawn, pixels: always visible, never a blot.
    /// (4 at most: a near marker's disc of 10 hid the shopfront it marks.)
    static let pinRadiusRange = 0.8...4.0

    /// Where an overlay was drawn by the last `drawOverlays`: its index in the list given, its
    /// row and its columns, so a click can find it.
    public struct PlacedOverlay: Equatable, Sendable {
        public let index: Int
        public let row: Int
        public let columns: Range<Int>
    }

    /// Draws overlays over the view of the frame composed last, for `camera`; call after
    /// `compose` with the same size and header. No label or hint is drawn on the `kept` cells
    /// (row, columns): what the caller draws there after (the controls under the compass).
    public mutating func drawOverlays(
        _ overlays: [Overlay], camera: PanoramaCamera, header: Bool, keeping kept: [(row: Int, columns: Range<Int>)] = []
    ) -> CellGrid {
        placedOverlays = []
        guard grid.columns >= Self.minimumColumns, grid.rows >= Self.minimumRows else { return grid }
        let top = header ? 1 : 0
        let view = top..<(grid.rows - 1)
        let projection = ViewProjection(camera: camera, width: grid.columns, height: view.count * 2)
        let plan = OverlayPlan(overlays, projection: projection, camera: camera, columns: grid.columns, viewRows: view.count)
        // Hints first (they must stay readable), then labels, each moving down a row or two
        // rather than overwrite another.
        var taken = TakenCells()
        for cells in kept { taken.take(cells.columns, row: cells.row) }
        drawSideHints(plan, overlays, view: view, taken: &taken)
        drawEdgeHints(plan.edgeHints, overlays, view: view, taken: &taken)
        drawLabels(plan.inView, overlays, projection: projection, view: view, taken: &taken)
        return grid
    }

    /// Hints for what is beside or behind you, down from the middle of the view's left and
    /// right edges, with an arrow pointing the way.
    private mutating func drawSideHints(_ plan: OverlayPlan, _ overlays: [Overlay], view: Range<Int>, taken: inout TakenCells) {
        let middle = view.lowerBound + view.count / 2
        for (row, index) in zip(middle..<view.upperBound, plan.leftHints) {
            let hint = overlays[index]
            let used = TextLayout.draw(
                "◀ " + hint.label, into: &grid, row: row, column: 0, width: grid.columns / 2,
                foreground: hint.foreground(colors), background: hint.background(colors))
            taken.take(0..<(used + 1), row: row)
            placedOverlays.append(PlacedOverlay(index: index, row: row, columns: 0..<used))
        }
        for (row, index) in zip(middle..<view.upperBound, plan.rightHints) {
            let hint = overlays[index]
            let text = hint.label + " ▶"
            let width = min(TextLayout.width(of: text), grid.columns / 2)
            TextLayout.draw(
                text, into: &grid, row: row, column: grid.columns - width, width: width,
                foreground: hint.foreground(colors), background: hint.background(colors))
            taken.take((grid.columns - width - 1)..<grid.columns, row: row)
            placedOverlays.append(PlacedOverlay(index: index, row: row, columns: (grid.columns - width)..<grid.columns))
        }
    }

    /// Hints for what is across from you but above or below the view, at its top or bottom
    /// edge: on the edge row, or a row or two in from it when another hint is there.
    private mutating func drawEdgeHints(
        _ hints: [OverlayPlan.EdgeHint], _ overlays: [Overlay], view: Range<Int>,
        taken: inout TakenCells
    ) {
        for (index, x, above) in hints {
            let hint = overlays[index]
            let text = above ? "▲ " + hint.label : hint.label + " ▼"
            let width = min(TextLayout.width(of: text), grid.columns)
            let column = min(max(Int(x) - width / 2, 0), grid.columns - width)
            let span = column..<(column + width + 1)
            let rows = above ? Array(view.prefix(3)) : Array(view.suffix(3).reversed())
            guard let row = taken.firstFree(span, rows: rows) else { continue }
            TextLayout.draw(
                text, into: &grid, row: row, column: column, width: width,
                foreground: hint.foreground(colors), background: hint.background(colors))
            taken.take(span, row: row)
            placedOverlays.append(PlacedOverlay(index: index, row: row, columns: column..<(column + width)))
        }
    }

    /// The overlays in view: each one's pin, if it has one, and its label centred under it (or
    /// a row or two lower when that is taken; left out when there is no room nearby).
    private mutating func drawLabels(
        _ inView: [OverlayPlan.InView], _ overlays: [Overlay], projection: ViewProjection,
        view: Range<Int>, taken: inout TakenCells
    ) {
        // Every pin first, its cells kept from labels: a label never covers another's pin.
        var belowPins: [Int: Double] = [:]
        for (index, x, y) in inView where overlays[index].pinRadius > 0 {
            let overlay = overlays[index]
            let radius = min(
                max(projection.focalLength * tan(Degrees.radians(overlay.pinRadius)), Self.pinRadiusRange.lowerBound),
                Self.pinRadiusRange.upperBound)
            drawPin(
                x: x, y: y, radius: radius, top: view.lowerBound, viewRows: view.count,
                color: overlay.highlighted ? colors.focusBackground : colors.pin)
            belowPins[index] = y + radius + 1
            let rows = (view.lowerBound + Int((y - radius) / 2))...(view.lowerBound + Int((y + radius) / 2))
            for row in rows { taken.take(Int((x - radius).rounded(.down))..<Int((x + radius).rounded(.up)) + 1, row: row, pinOf: index) }
        }
        for (index, x, y) in inView {
            let overlay = overlays[index]
            let below = belowPins[index] ?? y
            let width = TextLayout.width(of: overlay.label)
            let column = min(max(Int(x) - width / 2, 0), max(grid.columns - width, 0))
            let span = column..<(column + width + 1)
            let wanted = min(view.lowerBound + Int(below / 2), view.upperBound - 1)
            // Down a few rows, past a pin in the way (4 rows at most), rather than over another.
            guard let row = taken.firstFree(span, rows: wanted..<min(wanted + 6, view.upperBound), own: index) else { continue }
            taken.take(span, row: row)
            let used = TextLayout.draw(
                overlay.label, into: &grid, row: row, column: column, width: grid.columns - column,
                foreground: overlay.foreground(colors), background: overlay.background(colors))
            placedOverlays.append(PlacedOverlay(index: index, row: row, columns: column..<(column + used)))
        }
    }
}

/// The overlays sorted by where they are drawn: in view, or hinted at one of its edges.
private struct OverlayPlan {
    /// An overlay in view, at (x, y) in half-block pixels from the view's top-left.
    typealias InView = (index: Int, x: Double, y: Double)
    /// An overlay across from you but above or below the view, at column x.
    typealias EdgeHint = (index: Int, x: Double, above: Bool)

    private(set) var inView: [InView] = []
    /// Indices of the overlays to your left, and to your right (behind you counts as a side).
    private(set) var leftHints: [Int] = []
    private(set) var rightHints: [Int] = []
    private(set) var edgeHints: [EdgeHint] = []

    init(_ overlays: [FrameComposer.Overlay], projection: ViewProjection, camera: PanoramaCamera, columns: Int, viewRows: Int) {
        for (index, overlay) in overlays.enumerated() {
            let point = projection.point(for: overlay.direction)
            let inColumns = point.map { $0.x >= 0 && $0.x < Double(columns) } ?? false
            if let point, inColumns, point.y >= 0, point.y < Double(viewRows * 2) {
                inView.append((index, point.x, point.y))
            } else if overlay.hintWhenOutOfView {
                if let point, inColumns {
                    edgeHints.append((index, point.x, point.y < 0))
                } else if Degrees.wrap180(overlay.direction.heading - camera.heading) < 0 {
                    leftHints.append(index)
                } else {
                    rightHints.append(index)
                }
            }
        }
    }
}

/// Cells already used by labels, by row, so that no label overwrites another.
private struct TakenCells {
    /// Spans taken on each row, with the overlay whose pin took one (nil: a label, a hint or
    /// the caller's cells).
    private var spans: [Int: [(columns: Range<Int>, pinOf: Int?)]] = [:]

    /// The first of `rows` where `span` (columns) is free, the pin of overlay `own` aside (its
    /// label sits just below it, over the pin's lowest half cell at most).
    func firstFree(_ span: Range<Int>, rows: some Sequence<Int>, own: Int? = nil) -> Int? {
        rows.first { row in !(spans[row] ?? []).contains { $0.columns.overlaps(span) && ($0.pinOf == nil || $0.pinOf != own) } }
    }

    mutating func take(_ span: Range<Int>, row: Int, pinOf: Int? = nil) {
        spans[row, default: []].append((span, pinOf))
    }
}
