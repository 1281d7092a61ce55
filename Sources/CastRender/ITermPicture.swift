import PanoCore
import PanoImage
import TermRender

/// iTerm2's inline images (iterm2.com/documentation-images.html, also WezTerm's):
/// `OSC 1337 ; File = key=value;… : base64` with `inline=1`, a PNG or JPEG shown over
/// `width`×`height` (cells, `Npx`, `N%` of the screen, or `auto`), its aspect kept unless
/// `preserveAspectRatio=0`, drawn into the cells as sixels are.
enum ITermPicture {
    /// What an inline image sequence places: the picture at the recording terminal's pixels,
    /// filling the cells it covers, and whether the cursor stays. Nil when the sequence is not
    /// an inline image or its picture cannot be read.
    /// Percentages are of the whole `screen`; the picture is cut to the `room` from the cursor.
    static func read(
        _ body: ArraySlice<UInt8>, cell: (width: Int, height: Int), screen: (columns: Int, rows: Int), room: (columns: Int, rows: Int)
    ) -> (picture: DecodedPicture, columns: Int, rows: Int, cursorStays: Bool)? {
        let prefix = Array("]1337;File=".utf8)
        guard body.starts(with: prefix), let colon = body.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        var keys: [String: String] = [:]
        for pair in body[(body.startIndex + prefix.count)..<colon].split(separator: UInt8(ascii: ";")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1)
            if parts.count == 2 { keys[String(decoding: parts[0], as: UTF8.self)] = String(decoding: parts[1], as: UTF8.self) }
        }
        guard keys["inline"] == "1", let bytes = Base64.decode(body[(colon + 1)...]),
            let image = try? ImageDecoder.decode(bytes, name: "iTerm2 image", limits: KittyLayer.pictureLimits)
        else { return nil }
        // Cut to the room, and to cells whose pixels fit a picture's largest side.
        let columns = min(
            extent(keys["width"], natural: image.width, cell: cell.width, screen: screen.columns), room.columns,
            max(1, KittyLayer.maximumSide / max(1, cell.width)))
        let rows = min(
            extent(keys["height"], natural: image.height, cell: cell.height, screen: screen.rows), room.rows,
            max(1, KittyLayer.maximumSide / max(1, cell.height)))
        let box = (width: columns * cell.width, height: rows * cell.height)
        var size = box
        if keys["preserveAspectRatio"] != "0" {
            let scale = min(Double(box.width) / Double(image.width), Double(box.height) / Double(image.height))
            size = (max(1, Int(Double(image.width) * scale)), max(1, Int(Double(image.height) * scale)))
        }
        var canvas = DecodedPicture(
            image: RGBImage(width: box.width, height: box.height), painted: [Bool](repeating: false, count: box.width * box.height))
        PictureScaling.draw(
            DecodedPicture(image: image, painted: nil), part: (0, 0, Double(image.width), Double(image.height)), into: &canvas,
            at: (0, 0, size.width, size.height))
        if size == box { canvas.painted = nil }
        return (canvas, columns, rows, keys["doNotMoveCursor"] == "1")
    }

    /// Cells a `width` or `height` value asks for: `N` cells, `Npx`, `N%` of the screen, or the
    /// picture's own size (`auto`, or none); 1...the screen.
    static func extent(_ value: String?, natural: Int, cell: Int, screen: Int) -> Int {
        // Numbers held first to what any screen could want, so the arithmetic cannot overflow.
        let cells: Int
        if let value, value.hasSuffix("px"), let pixels = Int(decimal: value.dropLast(2), clampedTo: 0...1 << 24) {
            cells = (pixels + cell - 1) / cell
        } else if let value, value.hasSuffix("%"), let percent = Int(decimal: value.dropLast(), clampedTo: 0...100) {
            cells = screen * percent / 100
        } else if let value, let count = Int(decimal: value, clampedTo: 0...screen) {
            cells = count
        } else {
            cells = (natural + cell - 1) / cell
        }
        return min(max(cells, 1), screen)
    }
}
