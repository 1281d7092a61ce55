import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// Composes one frame: the reprojected view in half-blocks above a one-row status line. Keeps
/// its buffers between frames, so composing a frame of an unchanged size allocates nothing.
public struct FrameComposer: Sendable {
    /// Below this many columns or rows there is no room for a view: a notice is shown instead.
    public static let minimumColumns = 20
    public static let minimumRows = 4

    private var picture = ViewPicture()
    /// Cell rows of the view drawn at a time (`ViewPicture.bandRows`): a snapshot's, so a
    /// large one holds a band's tables; nil for the whole view (the explorer's frames).
    public var pictureBandRows: Int? {
        get { picture.bandRows }
        set { picture.bandRows = newValue }
    }
    public internal(set) var grid = CellGrid(columns: 0, rows: 0)

    /// Colours of the status line.
    /// The colours of the status lines, labels, focus, pins and panels.
    public var colors = HUDColors.standard
    /// When set, the view is drawn as pixels (`viewImage`) of this many per cell, for a pixel
    /// graphics protocol, and its cells are left for the picture to show through.
    public var pixelsPerCell: (width: Double, height: Double)?
    /// The view's pixels, when `pixelsPerCell` is set: the last composed frame's.
    public internal(set) var viewImage: RGBImage?
    /// The overlays the last `drawOverlays` drew, edge hints included.
    public internal(set) var placedOverlays: [PlacedOverlay] = []

    /// The symbols the view is drawn with.
    public var symbols: SymbolSet {
        get { picture.symbols }
        set { picture.symbols = newValue }
    }

    /// The dither the view's cells are drawn with in 256 or 16 colours; nil for none.
    public var dither: CellDither? {
        get { picture.dither }
        set { picture.dither = newValue }
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
        viewImage = nil  // the last frame's pixels share the buffer about to be drawn into
        if let (width, height) = pixelsPerCell {
            viewImage = picture.pixels(
                panorama, camera: camera, width: max(1, Int(Double(columns) * width)),
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

    /// Draws text in the status colours at the right end of `row` (or from column 1), over the
    /// frame composed last.
    public mutating func drawText(_ text: String, row: Int, alignedRight: Bool) -> CellGrid {
        guard row >= 0, row < grid.rows else { return grid }
        let width = min(TextLayout.width(of: text), grid.columns - 2)
        TextLayout.draw(
            text, into: &grid, row: row, column: alignedRight ? grid.columns - width - 1 : 1, width: width,
            foreground: colors.statusForeground, background: colors.statusBackground)
        return grid
    }

    /// A view of another panorama faded over the frame (moving between panoramas).
    public struct Blend: Sendable {
        public let from: EquirectPanorama
        public let camera: PanoramaCamera
        /// How far the frame has turned into the new view, [0, 1]: 0 shows only `from`.
        public let amount: Double
        /// How many times the new view is magnified while it fades in (below 1: wider than its
        /// camera), so that it meets the old one, zoomed as it fades, at the same scale.
        public let arrivingMagnification: Double

        public init(from: EquirectPanorama, camera: PanoramaCamera, amount: Double, arrivingMagnification: Double = 1) {
            self.from = from
            self.camera = camera
            self.amount = min(max(amount, 0), 1)
            self.arrivingMagnification = arrivingMagnification
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
        let leftUsed = TextLayout.draw(
            left, into: &grid, row: row, column: 1, width: grid.columns - 1,
            foreground: colors.statusForeground, background: colors.statusBackground)
        let gap = 3
        let room = grid.columns - (1 + leftUsed + gap)
        guard room > 0 else { return }
        let rightWidth = min(TextLayout.width(of: right), room)
        TextLayout.draw(
            right, into: &grid, row: row, column: grid.columns - rightWidth, width: rightWidth,
            foreground: colors.statusForeground, background: colors.statusBackground)
    }

    /// Draws a box of lines, centred, over the frame composed last (e.g. the list of keys).
    /// Lines are untrusted text: sanitised and clipped to the box.
    public mutating func drawPanel(title: String, lines: [String]) -> CellGrid {
        guard let (left, top, width, height) = panelBox(title: title, lines: lines) else { return grid }
        let background = colors.panelBackground
        for row in top..<(top + height) {
            for column in left..<(left + width) {
                grid[column, row] = Cell(glyph: " ", foreground: colors.statusForeground, background: background)
            }
        }
        TextLayout.draw(
            title, into: &grid, row: top, column: left + 2, width: width - 4, foreground: colors.panelTitle, background: background)
        for (i, line) in lines.prefix(max(height - 3, 0)).enumerated() {
            TextLayout.draw(
                line, into: &grid, row: top + 2 + i, column: left + 2, width: width - 4,
                foreground: colors.statusForeground, background: background)
        }
        return grid
    }

    /// Where `drawPanel` puts a panel of `title` and `lines`, in cells: its left column, top row,
    /// width and height; line i is on row top + 2 + i, from column left + 2, while i < height − 3.
    /// Nil on a screen too small for panels.
    public func panelBox(title: String, lines: [String]) -> (left: Int, top: Int, width: Int, height: Int)? {
        guard grid.columns >= Self.minimumColumns, grid.rows >= Self.minimumRows else { return nil }
        let width = min(grid.columns - 2, max(TextLayout.width(of: title), lines.map(TextLayout.width(of:)).max() ?? 0) + 4)
        let height = min(grid.rows - 2, lines.count + 3)
        return ((grid.columns - width) / 2, (grid.rows - height) / 2, width, height)
    }

    private mutating func drawTooSmallNotice(columns: Int, rows: Int) {
        for i in grid.cells.indices { grid.cells[i] = .blank }
        guard rows > 0 else { return }
        // The longest form that fits: the size needed is never cut off.
        let size = "\(Self.minimumColumns)×\(Self.minimumRows)"
        let forms = ["Terminal too small: need \(size)", "Too small: need \(size)", "Need \(size)", size]
        let notice = forms.first { TextLayout.width(of: $0) <= columns } ?? size
        TextLayout.draw(
            notice, into: &grid, row: rows / 2, column: 0, width: columns,
            foreground: .white, background: .black)
    }
}
