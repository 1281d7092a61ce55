import VirtualTerminal

/// The pictures a recording sent, kept for drawing it: sixels and iTerm2 images are drawn into
/// the cells (the screen keeps which piece each cell shows), kitty's lie in a layer of their own.
package struct PictureStore: PictureSink {
    /// The most bytes the pictures kept may take together, 256 MiB: past it the oldest go (and
    /// the cells that showed them show their background), so a recording of any number of
    /// pictures is drawn in bounded memory. A picture is at most 4096×4096 pixels, 64 MiB.
    package static let budget = 256 << 20

    /// The recording terminal's cell, in pixels: pictures given in pixels cover
    /// as many cells as they did there.
    package let cell: (width: Int, height: Int)
    /// Pictures drawn into the cells, by number.
    private(set) var drawn: [Int: DecodedPicture] = [:]
    /// Bytes of the pictures in `drawn`.
    private var drawnBytes = 0
    /// The numbers in `drawn`, oldest first, from `oldest` on (those before it are gone).
    private var order: [Int] = []
    private var oldest = 0
    private var next = 0
    private(set) var kitty = KittyLayer()

    package init(cell: (width: Int, height: Int)) {
        self.cell = cell
    }

    /// Bytes the pictures kept take now, at most `budget` once a sequence has been taken.
    package var bytes: Int { drawnBytes + kitty.bytes }

    package mutating func take(_ body: ArraySlice<UInt8>, row: Int, column: Int, columns: Int, rows: Int) -> PicturePlacement? {
        defer { keepWithinBudget() }
        switch body.first {
        case UInt8(ascii: "_"):
            kitty.take(body, row: row, column: column)
            return nil
        case UInt8(ascii: "P"):
            let room = ((columns - column) * cell.width, (rows - row) * cell.height)
            guard let sixel = SixelDecoder.decode(body, room: room) else { return nil }
            let across = (sixel.width + cell.width - 1) / cell.width
            let down = (sixel.height + cell.height - 1) / cell.height
            // As the VT340 does with sixel scrolling on: the text cursor where the sixel cursor
            // was, at the top of the last band of six, in the picture's first column (xterm).
            let lastBand = max(0, (sixel.height + 5) / 6 * 6 - 6)
            return keep(
                sixel.picture, columns: min(across, columns - column), rows: min(down, rows - row),
                cursorAfter: (lastBand / cell.height, column))
        case UInt8(ascii: "]"):
            let room = (columns - column, rows - row)
            guard let inline = ITermPicture.read(body, cell: cell, screen: (columns, rows), room: room) else { return nil }
            // iTerm2 leaves the cursor after the picture's last row, to its right.
            let after = inline.cursorStays ? nil : (inline.rows - 1, min(columns - 1, column + inline.columns))
            return keep(inline.picture, columns: inline.columns, rows: inline.rows, cursorAfter: after)
        default: return nil
        }
    }

    private mutating func keep(
        _ picture: DecodedPicture, columns: Int, rows: Int, cursorAfter: (rowsDown: Int, column: Int)?
    ) -> PicturePlacement? {
        guard columns > 0, rows > 0 else { return nil }
        next += 1
        drawn[next] = picture
        drawnBytes += picture.bytes
        order.append(next)
        return PicturePlacement(image: next, columns: columns, rows: rows, cursorAfter: cursorAfter)
    }

    /// Lets the oldest pictures go, drawn ones first (but the newest), then kitty's, until what is
    /// kept is within `budget`.
    private mutating func keepWithinBudget() {
        while bytes > Self.budget, oldest < order.count - 1 {
            drawnBytes -= drawn.removeValue(forKey: order[oldest])?.bytes ?? 0
            oldest += 1
        }
        while bytes > Self.budget, kitty.forgetOldestImage() {}
    }

    /// How many pictures drawn into the cells are kept.
    var count: Int { drawn.count }

    /// The picture drawn into the cells as number `image`.
    func picture(_ image: Int) -> DecodedPicture? { drawn[image] }

    /// Forgets the pictures drawn into the cells that no cell shows any more.
    package mutating func forget(allBut shown: Set<Int>) {
        drawn = drawn.filter { shown.contains($0.key) }
        drawnBytes = drawn.values.reduce(0) { $0 + $1.bytes }
        order = order[oldest...].filter { drawn[$0] != nil }
        oldest = 0
    }
}

extension DecodedPicture {
    /// Bytes it takes: three a pixel, and one more where it keeps which were painted.
    package var bytes: Int { image.pixels.count + (painted?.count ?? 0) }
}
