#if canImport(Glibc)
import Glibc
#endif
import PanoCore

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
    static let pinRadiusRange = 0.8...10.0

    /// Where an overlay was drawn by the last `drawOverlays`: its index in the list given, its
    /// row and its columns, so a click can find it.
    public struct PlacedOverlay: Equatable, Sendable {
        public let index: Int
        public let row: Int
        public let columns: Range<Int>
    }

    /// Draws overlays over the view of the frame composed last, for `camera`; call after
    /// `compose` with the same size and header.
    public mutating func drawOverlays(_ overlays: [Overlay], camera: PanoramaCamera, header: Bool) -> CellGrid {
        placedOverlays = []
        guard grid.columns >= Self.minimumColumns, grid.rows >= Self.minimumRows else { return grid }
        let top = header ? 1 : 0
        let viewRows = grid.rows - 1 - top
        let projection = ViewProjection(camera: camera, width: grid.columns, height: viewRows * 2)
        // Which overlays are in view, and which ways on need a hint at the edge.
        var inView: [(index: Int, x: Double, y: Double)] = []
        var leftHints: [Int] = []
        var rightHints: [Int] = []
        // Across from you but above or below the view: hinted at the top or bottom edge.
        var verticalHints: [(index: Int, x: Double, above: Bool)] = []
        for (index, overlay) in overlays.enumerated() {
            let point = projection.point(for: overlay.direction)
            if let point, point.x >= 0, point.x < Double(grid.columns), point.y >= 0, point.y < Double(viewRows * 2) {
                inView.append((index, point.x, point.y))
            } else if overlay.hintWhenOutOfView {
                if let point, point.x >= 0, point.x < Double(grid.columns) {
                    verticalHints.append((index, point.x, point.y < 0))
                    continue
                }
                let turn = Degrees.wrap180(overlay.direction.heading - camera.heading)
                if turn < 0 { leftHints.append(index) } else { rightHints.append(index) }
            }
        }
        // Cells already used, by row: hints first (they must stay readable), then labels, each
        // moving down a row or two rather than overwrite another.
        var taken: [Int: [Range<Int>]] = [:]
        let middle = top + viewRows / 2
        for (i, index) in leftHints.enumerated() where middle + i < top + viewRows {
            let hint = overlays[index]
            let used = TextLayout.draw("◀ " + hint.label, into: &grid, row: middle + i, column: 0, width: grid.columns / 2,
                                       foreground: hint.foreground(colors), background: hint.background(colors))
            taken[middle + i, default: []].append(0..<(used + 1))
            placedOverlays.append(PlacedOverlay(index: index, row: middle + i, columns: 0..<used))
        }
        for (i, index) in rightHints.enumerated() where middle + i < top + viewRows {
            let hint = overlays[index]
            let text = hint.label + " ▶"
            let width = min(TextLayout.width(of: text), grid.columns / 2)
            TextLayout.draw(text, into: &grid, row: middle + i, column: grid.columns - width, width: width,
                            foreground: hint.foreground(colors), background: hint.background(colors))
            taken[middle + i, default: []].append((grid.columns - width - 1)..<grid.columns)
            placedOverlays.append(PlacedOverlay(index: index, row: middle + i, columns: (grid.columns - width)..<grid.columns))
        }
        for (index, x, above) in verticalHints {
            let hint = overlays[index]
            let text = above ? "▲ " + hint.label : hint.label + " ▼"
            let width = min(TextLayout.width(of: text), grid.columns)
            let column = min(max(Int(x) - width / 2, 0), grid.columns - width)
            let span = column..<(column + width + 1)
            // On the edge row, or a row or two in from it when another hint is there.
            let rows = above ? Array(top..<min(top + 3, top + viewRows)) : Array((max(top, top + viewRows - 3)..<(top + viewRows)).reversed())
            guard let row = rows.first(where: { row in !(taken[row] ?? []).contains { $0.overlaps(span) } }) else { continue }
            TextLayout.draw(text, into: &grid, row: row, column: column, width: width,
                            foreground: hint.foreground(colors), background: hint.background(colors))
            taken[row, default: []].append(span)
            placedOverlays.append(PlacedOverlay(index: index, row: row, columns: column..<(column + width)))
        }
        for (index, x, y) in inView {
            let overlay = overlays[index]
            var below = y
            if overlay.pinRadius > 0 {
                let radius = min(max(projection.focalLength * tan(Degrees.radians(overlay.pinRadius)), Self.pinRadiusRange.lowerBound),
                                 Self.pinRadiusRange.upperBound)
                drawPin(x: x, y: y, radius: radius, top: top, viewRows: viewRows,
                        color: overlay.highlighted ? colors.focusBackground : colors.pin)
                below = y + radius + 1
            }
            let width = TextLayout.width(of: overlay.label)
            let column = min(max(Int(x) - width / 2, 0), max(grid.columns - width, 0))
            let span = column..<(column + width + 1)
            let wanted = min(top + Int(below / 2), top + viewRows - 1)
            guard let row = (wanted..<min(wanted + 3, top + viewRows)).first(where: { row in
                !(taken[row] ?? []).contains { $0.overlaps(span) }
            }) else { continue } // no room nearby: left out rather than overlapping
            taken[row, default: []].append(span)
            let used = TextLayout.draw(overlay.label, into: &grid, row: row, column: column, width: grid.columns - column,
                                       foreground: overlay.foreground(colors), background: overlay.background(colors))
            placedOverlays.append(PlacedOverlay(index: index, row: row, columns: column..<(column + used)))
        }
        return grid
    }

    /// Paints a disc of view pixels centred on (x, y) (half-block pixels from the view's
    /// top-left), in the cells under it, which become half blocks; cells showing text are left alone.
    private mutating func drawPin(x: Double, y: Double, radius: Double, top: Int, viewRows: Int, color: RGB) {
        if viewImage != nil {
            paintPinIntoPixels(x: x, y: y, radius: radius, viewRows: viewRows, color: color)
            return
        }
        let (firstRow, lastRow) = (max(0, Int((y - radius).rounded(.down))), min(viewRows * 2 - 1, Int((y + radius).rounded(.up))))
        let (firstColumn, lastColumn) = (max(0, Int((x - radius).rounded(.down))), min(grid.columns - 1, Int((x + radius).rounded(.up))))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        for py in firstRow...lastRow {
            for px in firstColumn...lastColumn {
                let dx = Double(px) + 0.5 - x
                let dy = Double(py) + 0.5 - y
                guard dx * dx + dy * dy <= radius * radius else { continue }
                let row = top + py / 2
                guard var halves = grid[px, row].halves ?? symbols.halves(of: grid[px, row]) else { continue }
                if py % 2 == 0 { halves.top = color } else { halves.bottom = color }
                grid[px, row] = Cell(glyph: Cell.upperHalfBlock, foreground: halves.top, background: halves.bottom)
            }
        }
    }

    /// The pin of `drawPin` painted into the view's pixels (pixel graphics), scaled from
    /// half-block pixels to the image's.
    private mutating func paintPinIntoPixels(x: Double, y: Double, radius: Double, viewRows: Int, color: RGB) {
        guard var image = viewImage, grid.columns > 0, viewRows > 0 else { return }
        let scaleX = Double(image.width) / Double(grid.columns)
        let scaleY = Double(image.height) / Double(viewRows * 2)
        let (cx, cy, r) = (x * scaleX, y * scaleY, radius * scaleX)
        let (firstRow, lastRow) = (max(0, Int(cy - r)), min(image.height - 1, Int(cy + r)))
        let (firstColumn, lastColumn) = (max(0, Int(cx - r)), min(image.width - 1, Int(cx + r)))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        viewImage = nil // keep the pixels uniquely referenced while they are painted
        for py in firstRow...lastRow {
            for px in firstColumn...lastColumn {
                let (dx, dy) = (Double(px) + 0.5 - cx, Double(py) + 0.5 - cy)
                if dx * dx + dy * dy <= r * r { image[px, py] = color }
            }
        }
        viewImage = image
    }
}
