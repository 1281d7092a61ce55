#if canImport(Glibc)
import Glibc
#endif
import PanoCore

/// Composes one frame: the reprojected view in half-blocks above a one-row status line. Keeps
/// its buffers between frames, so composing a frame of an unchanged size allocates nothing.
public struct FrameComposer: Sendable {
    /// Below this many columns or rows there is no room for a view: a notice is shown instead.
    public static let minimumColumns = 20
    public static let minimumRows = 4

    private var picture = ViewPicture()
    public internal(set) var grid = CellGrid(columns: 0, rows: 0)

    /// Colours of the status line.
    /// The colours of the status lines, labels, focus, pins and panels.
    public var colors = HUDColors.standard
    /// When set, the view is drawn as pixels (`viewImage`) of this many per cell, for a pixel
    /// graphics protocol, and its cells are left for the picture to show through.
    public var pixelsPerCell: (width: Double, height: Double)?
    /// The view's pixels, when `pixelsPerCell` is set: the last composed frame's.
    public private(set) var viewImage: RGBImage?

    /// The symbols the view is drawn with.
    public var symbols: SymbolSet {
        get { picture.symbols }
        set { picture.symbols = newValue }
    }

    public init() {}

    /// Composes the frame for a terminal of `columns` × `rows` cells and returns it.
    /// `statusLeft` (shown first, in full where it fits) and `statusRight` (in the room left) are
    /// untrusted text for the bottom line; `header`, when given, is a line across the top. All
    /// text is sanitised and clipped.
    public mutating func compose(
        panorama: EquirectPanorama, camera: PanoramaCamera, columns: Int, rows: Int,
        statusLeft: String, statusRight: String, header: String? = nil, blend: Blend? = nil,
        runner: any ParallelRunner = SerialRunner()
    ) -> CellGrid {
        if grid.columns != columns || grid.rows != rows {
            grid = CellGrid(columns: max(columns, 0), rows: max(rows, 0))
        }
        guard columns >= Self.minimumColumns, rows >= Self.minimumRows else {
            drawTooSmallNotice(columns: columns, rows: rows)
            return grid
        }
        let headerRows = header == nil ? 0 : 1
        let viewRows = rows - 1 - headerRows
        viewImage = nil // the last frame's pixels share the buffer about to be drawn into
        if let (width, height) = pixelsPerCell {
            viewImage = picture.pixels(panorama, camera: camera, width: max(1, Int(Double(columns) * width)),
                                       height: max(1, Int(Double(viewRows) * height)), blend: blend, runner: runner)
            for row in headerRows..<(headerRows + viewRows) {
                for column in 0..<columns { grid[column, row] = .seeThrough }
            }
        } else {
            picture.draw(panorama, camera: camera, into: &grid, firstRow: headerRows, rows: viewRows, blend: blend, runner: runner)
        }
        if let header { drawStatusLine(row: 0, left: header, right: "") }
        drawStatusLine(row: rows - 1, left: statusLeft, right: statusRight)
        return grid
    }

    /// A label placed at a direction in the view: a way on, or a marker.
    public struct Overlay: Sendable {
        /// Untrusted text; sanitised and clipped.
        public let label: String
        public let direction: Orientation
        /// Shown at the screen's edge, with an arrow, when the direction is out of view (ways
        /// on); when false it is simply hidden (markers).
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

    /// The overlays the last `drawOverlays` drew, edge hints included.
    public private(set) var placedOverlays: [PlacedOverlay] = []


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
        for (index, overlay) in overlays.enumerated() {
            if let point = projection.point(for: overlay.direction), point.x >= 0, point.x < Double(grid.columns),
               point.y >= 0, point.y < Double(viewRows * 2) {
                inView.append((index, point.x, point.y))
            } else if overlay.hintWhenOutOfView {
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

    /// Draws text in the status colours at the right end of `row` (or from column 1), over the
    /// frame composed last.
    public mutating func drawText(_ text: String, row: Int, alignedRight: Bool) -> CellGrid {
        guard row >= 0, row < grid.rows else { return grid }
        let width = min(TextLayout.width(of: text), grid.columns - 2)
        TextLayout.draw(text, into: &grid, row: row, column: alignedRight ? grid.columns - width - 1 : 1, width: width,
                        foreground: colors.statusForeground, background: colors.statusBackground)
        return grid
    }

    /// A view of another panorama faded over the frame (moving between panoramas).
    public struct Blend: Sendable {
        public let from: EquirectPanorama
        public let camera: PanoramaCamera
        /// How far the frame has turned into the new view, [0, 1]: 0 shows only `from`.
        public let amount: Double

        public init(from: EquirectPanorama, camera: PanoramaCamera, amount: Double) {
            self.from = from
            self.camera = camera
            self.amount = min(max(amount, 0), 1)
        }
    }

    /// Mixes `other` into `image` with `weight` in [0, 1] (1: only `other`).
    static func mix(_ image: inout RGBImage, with other: RGBImage, weight: Double) {
        let w = UInt32((min(max(weight, 0), 1) * 256).rounded())
        other.pixels.withUnsafeBufferPointer { source in
            image.pixels.withUnsafeMutableBufferPointer { target in
                for i in 0..<min(source.count, target.count) {
                    target[i] = UInt8((UInt32(target[i]) * (256 - w) + UInt32(source[i]) * w + 128) >> 8)
                }
            }
        }
    }

    /// The left text has priority; the right text is right-aligned in what room is left, and
    /// is clipped or dropped before the left text loses a column.
    private mutating func drawStatusLine(row: Int, left: String, right: String) {
        let blank = Cell(glyph: " ", foreground: colors.statusForeground, background: colors.statusBackground)
        for column in 0..<grid.columns { grid[column, row] = blank }
        let leftUsed = TextLayout.draw(left, into: &grid, row: row, column: 1, width: grid.columns - 1,
                                       foreground: colors.statusForeground, background: colors.statusBackground)
        let gap = 3
        let room = grid.columns - (1 + leftUsed + gap)
        guard room > 0 else { return }
        let rightWidth = min(TextLayout.width(of: right), room)
        TextLayout.draw(right, into: &grid, row: row, column: grid.columns - rightWidth, width: rightWidth,
                        foreground: colors.statusForeground, background: colors.statusBackground)
    }

    /// Draws a box of lines, centred, over the frame composed last (e.g. the list of keys).
    /// Lines are untrusted text: sanitised and clipped to the box.
    public mutating func drawPanel(title: String, lines: [String]) -> CellGrid {
        guard grid.columns >= Self.minimumColumns, grid.rows >= Self.minimumRows else { return grid }
        let width = min(grid.columns - 2, max(TextLayout.width(of: title), lines.map(TextLayout.width(of:)).max() ?? 0) + 4)
        let height = min(grid.rows - 2, lines.count + 3)
        let left = (grid.columns - width) / 2
        let top = (grid.rows - height) / 2
        let background = colors.panelBackground
        for row in top..<(top + height) {
            for column in left..<(left + width) {
                grid[column, row] = Cell(glyph: " ", foreground: colors.statusForeground, background: background)
            }
        }
        TextLayout.draw(title, into: &grid, row: top, column: left + 2, width: width - 4, foreground: colors.panelTitle, background: background)
        for (i, line) in lines.prefix(max(height - 3, 0)).enumerated() {
            TextLayout.draw(line, into: &grid, row: top + 2 + i, column: left + 2, width: width - 4,
                            foreground: colors.statusForeground, background: background)
        }
        return grid
    }

    private mutating func drawTooSmallNotice(columns: Int, rows: Int) {
        for i in grid.cells.indices { grid.cells[i] = .blank }
        guard rows > 0 else { return }
        let notice = "Terminal too small: need \(Self.minimumColumns)×\(Self.minimumRows)"
        TextLayout.draw(notice, into: &grid, row: rows / 2, column: 0, width: columns,
                        foreground: .white, background: .black)
    }
}
