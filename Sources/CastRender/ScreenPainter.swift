import PanoCore
import SystemIO
import TermRender
import VirtualTerminal

/// A terminal's screen drawn as pixels: each cell's background, its glyph in its foreground
/// (block symbols and braille as shapes, other text from a font), the pictures drawn into the
/// cells, and kitty's pictures over them.
package final class ScreenPainter {
    /// A cell of the picture drawn, in pixels.
    package let cell: (width: Int, height: Int)
    private let glyphs: any GlyphSource
    private var shapes: [UInt32: [UInt8]?] = [:]

    /// The colours of cells that name none (xterm's defaults).
    static let defaultForeground = RGB(229, 229, 229)
    static let defaultBackground = RGB(0, 0, 0)

    /// The largest font file read, bytes (DejaVu Sans Mono is 340 KB; a CJK font 20 MB).
    static let fontLimit = 64 << 20

    /// A painter for cells of `cell` pixels, its text from the TrueType font at `fontPath`, or
    /// from the bitmap font when it is nil or cannot be read (`fontProblem` then says why).
    package init(cell: (width: Int, height: Int), fontPath: String?) {
        self.cell = cell
        var font: FreeTypeGlyphs?
        if let fontPath {
            do throws(FileError) {
                font = FreeTypeGlyphs(bytes: try InputFile.read(fontPath, limit: Self.fontLimit), width: cell.width, height: cell.height)
                fontProblem = font == nil ? "\(fontPath): not a font FreeType reads" : nil
            } catch {
                fontProblem = error.description
            }
        } else {
            fontProblem = nil
        }
        glyphs = font ?? BitmapGlyphs(width: cell.width, height: cell.height)
        usesBitmapFont = font == nil
    }

    /// True when text is drawn in the bundled bitmap font.
    package let usesBitmapFont: Bool
    /// Why the font named could not be used (not a regular file, too large, not a font); nil
    /// when it is used or none was named.
    package let fontProblem: String?

    /// The screen as pixels, `columns`×`rows` cells (the screen's own size when nil; a smaller
    /// screen is drawn at the top left of the default background).
    package func paint(_ screen: VirtualScreen, pictures: PictureStore, columns: Int? = nil, rows: Int? = nil) -> RGBImage {
        let (across, down) = (columns ?? screen.columns, rows ?? screen.rows)
        var canvas = DecodedPicture(image: RGBImage(width: across * cell.width, height: down * cell.height), painted: nil)
        for row in 0..<min(down, screen.rows) {
            for column in 0..<min(across, screen.columns) {
                paintCell(screen[column, row], column: column, row: row, screen: screen, pictures: pictures, into: &canvas)
            }
        }
        paintKitty(pictures, into: &canvas)
        return canvas.image
    }

    private func paintCell(
        _ content: VirtualScreen.Cell, column: Int, row: Int, screen: VirtualScreen, pictures: PictureStore,
        into canvas: inout DecodedPicture
    ) {
        let origin = (x: column * cell.width, y: row * cell.height)
        let background = content.background ?? Self.defaultBackground
        fill(&canvas.image, x: origin.x, y: origin.y, width: cell.width, height: cell.height, colour: background)
        if let piece = content.picture, let picture = pictures.picture(piece.image) {
            paintPiece(piece, of: picture, source: pictures.cell, at: origin, into: &canvas)
            return
        }
        guard content.glyph != " ", content.glyph != TermRender.Cell.continuation else { return }
        let wide = DisplayWidth.of(content.glyph) == 2 && column + 1 < screen.columns
        let span = wide ? cell.width * 2 : cell.width
        let alpha = shape(content.glyph, span: span) ?? glyphs.coverage(content.glyph, wide: wide)
        if wide { fill(&canvas.image, x: origin.x + cell.width, y: origin.y, width: cell.width, height: cell.height, colour: background) }
        blend(alpha, width: span, colour: content.foreground ?? Self.defaultForeground, over: background, at: origin, into: &canvas.image)
    }

    /// A cell's part of a picture drawn into the cells: the recording's cell of it, scaled to ours.
    private func paintPiece(
        _ piece: PicturePiece, of picture: DecodedPicture, source: (width: Int, height: Int), at origin: (x: Int, y: Int),
        into canvas: inout DecodedPicture
    ) {
        let part = (x: piece.column * source.width, y: piece.row * source.height)
        let width = min(source.width, picture.image.width - part.x)
        let height = min(source.height, picture.image.height - part.y)
        guard width > 0, height > 0 else { return }
        let drawn = (width: width * cell.width / source.width, height: height * cell.height / source.height)
        PictureScaling.draw(
            picture, part: (Double(part.x), Double(part.y), Double(width), Double(height)), into: &canvas,
            at: (origin.x, origin.y, max(1, drawn.width), max(1, drawn.height)))
    }

    /// kitty's placements, lowest `z` first, each over its cells.
    private func paintKitty(_ pictures: PictureStore, into canvas: inout DecodedPicture) {
        let source = pictures.cell
        for placement in pictures.kitty.placements {
            guard let picture = pictures.kitty.images[placement.image] else { continue }
            let part = placement.source ?? (0, 0, picture.image.width, picture.image.height)
            let offset = (x: placement.offset.x * cell.width / source.width, y: placement.offset.y * cell.height / source.height)
            let width = placement.columns.map { $0 * cell.width - offset.x } ?? (part.width * cell.width / source.width)
            let height = placement.rows.map { $0 * cell.height - offset.y } ?? (part.height * cell.height / source.height)
            PictureScaling.draw(
                picture, part: (Double(part.x), Double(part.y), Double(part.width), Double(part.height)), into: &canvas,
                at: (placement.column * cell.width + offset.x, placement.row * cell.height + offset.y, width, height))
        }
    }

    private func shape(_ scalar: Unicode.Scalar, span: Int) -> [UInt8]? {
        let key = scalar.value | (span != cell.width ? 1 << 31 : 0)
        if let known = shapes[key] { return known }
        let drawn = CellShapes.coverage(scalar, width: span, height: cell.height)
        shapes[key] = drawn
        return drawn
    }

    private func fill(_ image: inout RGBImage, x: Int, y: Int, width: Int, height: Int, colour: RGB) {
        for row in max(0, y)..<min(image.height, y + height) {
            for column in max(0, x)..<min(image.width, x + width) {
                let offset = (row * image.width + column) * 3
                image.pixels[offset] = colour.r
                image.pixels[offset + 1] = colour.g
                image.pixels[offset + 2] = colour.b
            }
        }
    }

    private func blend(
        _ alpha: [UInt8], width: Int, colour: RGB, over background: RGB, at origin: (x: Int, y: Int), into image: inout RGBImage
    ) {
        let (front, back) = (
            SIMD3<Int>(Int(colour.r), Int(colour.g), Int(colour.b)), SIMD3<Int>(Int(background.r), Int(background.g), Int(background.b))
        )
        for row in 0..<cell.height where origin.y + row < image.height {
            for column in 0..<width where origin.x + column < image.width {
                let a = Int(alpha[row * width + column])
                guard a > 0 else { continue }
                let mixed = back &+ (front &- back) &* a / 255
                let offset = ((origin.y + row) * image.width + origin.x + column) * 3
                for channel in 0..<3 { image.pixels[offset + channel] = UInt8(clamping: mixed[channel]) }
            }
        }
    }
}
