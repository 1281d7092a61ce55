import PanoCore

/// The kitty graphics protocol, as Sidewalk uses it: two images of its own (ids 1 and 2), a PNG
/// sent in base64 chunks of at most 4096 bytes, shown over the view's cells that have no label (in
/// pieces, each a rectangle of cells, over the text at z-index 0, so the labels between them stay
/// as the terminal draws them), and deleted, data and all, on the way out (kovidgoyal/kitty,
/// docs/graphics-protocol.rst). Not under the text: kitty 0.26.5 (Debian 12's) draws every cell
/// background in wrong colours, with stale letters, once any image lies under the text
/// (docs/decisions.md, 2026-12-03). Each frame's picture
/// takes the id the last one did not, and the last one is deleted only after it: kitty shows an
/// image once all its chunks have come, so deleting first left the view black while a large
/// picture arrived (a frame every walk, in kitty 0.26.5).
public enum KittyGraphics {
    /// The ids of Sidewalk's images: frames take them in turn.
    public static let imageIDs = [1, 2]
    /// A rectangle of cells the picture shows through, from the picture's top-left cell.
    public struct Piece: Equatable, Sendable {
        public var column: Int
        public var row: Int
        public var columns: Int
        public var rows: Int

        public init(column: Int, row: Int, columns: Int, rows: Int) {
            (self.column, self.row, self.columns, self.rows) = (column, row, columns, rows)
        }
    }

    /// The pieces of a `columns`×`rows` picture that leave `cells` (the same cells, row-major)
    /// free wherever a cell is not see-through: the runs of see-through cells in each row, rows
    /// with the same runs one after another joined into one piece.
    public static func pieces(around cells: ArraySlice<Cell>, columns: Int, rows: Int) -> [Piece] {
        guard columns > 0, rows > 0, cells.count == columns * rows else { return [] }
        var pieces: [Piece] = []
        var band: (runs: [Range<Int>], top: Int)?
        for row in 0...rows {
            let runs = row < rows ? seeThroughRuns(cells.dropFirst(row * columns).prefix(columns)) : nil
            if let current = band, current.runs != runs {
                pieces += current.runs.map { Piece(column: $0.lowerBound, row: current.top, columns: $0.count, rows: row - current.top) }
                band = nil
            }
            if band == nil, let runs { band = (runs, row) }
        }
        return pieces
    }

    /// The column ranges of `row`'s see-through cells.
    private static func seeThroughRuns(_ row: ArraySlice<Cell>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (column, cell) in row.enumerated() {
            let clear = cell.glyph == Cell.seeThroughGlyph
            if clear, start == nil { start = column }
            if !clear, let first = start {
                runs.append(first..<column)
                start = nil
            }
        }
        if let first = start { runs.append(first..<row.count) }
        return runs
    }
    /// Most payload bytes in one escape sequence.
    static let chunkSize = 4096

    /// Deletes Sidewalk's images and frees their data; other programs' images are left alone.
    public static let delete: [UInt8] = imageIDs.flatMap(deleting)

    /// Deletes the image `id` and frees its data.
    static func deleting(_ id: Int) -> [UInt8] {
        EscapeSequence.kittyGraphicsCommand("a=d,d=I,i=\(id),q=2", payload: [])
    }

    /// The id the frame after one shown as `id` takes.
    public static func next(after id: Int) -> Int {
        id == imageIDs[0] ? imageIDs[1] : imageIDs[0]
    }

    /// An image as kitty takes it.
    public enum Payload: Sendable {
        /// A PNG file's bytes (`f=100`).
        case png([UInt8])
        /// RGB pixels, 3 bytes each, row-major, as one zlib stream (`f=24,o=z`), with the size.
        case zlibRGB([UInt8], width: Int, height: Int)

        var bytes: [UInt8] {
            switch self {
            case .png(let bytes), .zlibRGB(let bytes, _, _): bytes
            }
        }

        /// The keys that say what the payload is.
        var formatKeys: String {
            switch self {
            case .png: "f=100"
            case .zlibRGB(_, let width, let height): "f=24,o=z,s=\(width),v=\(height)"
            }
        }
    }

    /// The bytes that put `image` (of `size` pixels) over `columns`×`rows` cells from (`row`,
    /// `column`) (0-based), scaled to fill them, as image `id` (one of `imageIDs`), shown only
    /// through `pieces` (the whole rectangle when nil), and then delete the other image, the
    /// picture shown before. The cursor is left at the last piece (the cell frame that follows
    /// positions its own writes). The base64 is made on `runner`'s workers.
    public static func place(
        _ image: Payload, size: PixelSize, id: Int = imageIDs[0], row: Int, column: Int,
        columns: Int, rows: Int, pieces: [Piece]? = nil, runner: any ParallelRunner = SerialRunner()
    ) -> [UInt8] {
        let whole = pieces == nil
        var out = EscapeSequence.cursorPosition(row: row, column: column)
        let placing =
            whole ? "a=T,\(image.formatKeys),t=d,i=\(id),q=2,C=1,c=\(columns),r=\(rows)" : "a=t,\(image.formatKeys),t=d,i=\(id),q=2"
        transmit(image, keys: placing, into: &out, runner: runner)
        appendPlacements(pieces ?? [], id: id, size: size, row: row, column: column, columns: columns, rows: rows, to: &out)
        return out + deleting(next(after: id))
    }

    /// The bytes that show image `id`, already sent (of `size` pixels, over `columns`×`rows`
    /// cells from `row`, `column`), through `pieces` instead of the pieces it had: labels moved,
    /// the picture did not, so its data is kept and only its placements are made again.
    public static func replace(pieces: [Piece], id: Int, size: PixelSize, row: Int, column: Int, columns: Int, rows: Int) -> [UInt8] {
        var out = EscapeSequence.kittyGraphicsCommand("a=d,d=i,i=\(id),q=2", payload: [])
        appendPlacements(pieces, id: id, size: size, row: row, column: column, columns: columns, rows: rows, to: &out)
        return out
    }

    /// Appends a placement of image `id` for each of `pieces`, numbered from 1.
    private static func appendPlacements(
        _ pieces: [Piece], id: Int, size: PixelSize, row: Int, column: Int, columns: Int, rows: Int,
        to out: inout [UInt8]
    ) {
        for (number, piece) in pieces.enumerated() {
            out += EscapeSequence.cursorPosition(row: row + piece.row, column: column + piece.column)
            EscapeSequence.appendKittyGraphicsCommand(
                placementKeys(piece, number: number + 1, id: id, size: size, columns: columns, rows: rows),
                payload: [], to: &out)
        }
    }

    /// The keys that show `piece` of image `id`: its share of the picture's pixels, scaled to its cells.
    private static func placementKeys(_ piece: Piece, number: Int, id: Int, size: PixelSize, columns: Int, rows: Int) -> String {
        let x = piece.column * size.width / columns
        let y = piece.row * size.height / rows
        let width = max(1, (piece.column + piece.columns) * size.width / columns - x)
        let height = max(1, (piece.row + piece.rows) * size.height / rows - y)
        return "a=p,i=\(id),p=\(number),x=\(x),y=\(y),w=\(width),h=\(height),c=\(piece.columns),r=\(piece.rows),C=1,q=2"
    }

    /// `image` in base64 chunks, the first with `keys`.
    private static func transmit(_ image: Payload, keys: String, into out: inout [UInt8], runner: any ParallelRunner) {
        let payload = Base64.encode(image.bytes, runner: runner)
        out.reserveCapacity(out.count + payload.count + (payload.count / chunkSize + 1) * 16 + 128)
        var start = 0
        var first = true
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            EscapeSequence.appendKittyGraphicsCommand(first ? "\(keys),m=\(more)" : "m=\(more)", payload: payload[start..<end], to: &out)
            start = end
            first = false
        } while start < payload.count
    }
}
