import BitmapFont
import CFreeType

/// Where a frame's text comes from: the coverage (0 none, 255 full) of each pixel of one cell,
/// or two for a wide character, row by row from the top left.
protocol GlyphSource {
    /// The pixels of `scalar` in a cell of `width`×`height` (twice as wide when `wide`).
    func coverage(_ scalar: Unicode.Scalar, wide: Bool) -> [UInt8]
}

/// Glyphs from a TrueType font through FreeType, at the largest pixel size whose advance and
/// line height fit the cell, on a baseline centred in it.
final class FreeTypeGlyphs: GlyphSource {
    let width: Int
    let height: Int
    private var library: FT_Library?
    private var face: FT_Face?
    /// Pixels from the cell's top to the baseline.
    private var baseline = 0
    private var cache: [UInt32: [UInt8]] = [:]
    /// The font file's bytes, which FreeType reads from as long as the face lives.
    private let file: UnsafeMutableBufferPointer<UInt8>

    /// The font whose file holds `bytes`, for cells of `width`×`height` pixels; nil when
    /// FreeType cannot read it. The file is read by the caller (a regular file, within a limit),
    /// never opened by FreeType, which would wait for ever on a FIFO.
    init?(bytes: [UInt8], width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        file = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = file.initialize(from: bytes)
        guard FT_Init_FreeType(&library) == 0 else { return nil }
        guard FT_New_Memory_Face(library, file.baseAddress, FT_Long(bytes.count), 0, &face) == 0, let face else { return nil }
        var pixels = max(height * 2, 4)
        while pixels > 4 {
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixels))
            let metrics = face.pointee.size.pointee.metrics
            let lineHeight = Int(metrics.ascender - metrics.descender) / 64
            if Int(metrics.max_advance) / 64 <= width && lineHeight <= height { break }
            pixels -= 1
        }
        let metrics = face.pointee.size.pointee.metrics
        let lineHeight = Int(metrics.ascender - metrics.descender) / 64
        baseline = (height - lineHeight) / 2 + Int(metrics.ascender) / 64
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
        file.deallocate()
    }

    func coverage(_ scalar: Unicode.Scalar, wide: Bool) -> [UInt8] {
        let key = scalar.value | (wide ? 1 << 31 : 0)
        if let cached = cache[key] { return cached }
        let glyph = render(scalar, wide: wide)
        cache[key] = glyph
        return glyph
    }

    private func render(_ scalar: Unicode.Scalar, wide: Bool) -> [UInt8] {
        let span = wide ? width * 2 : width
        var out = [UInt8](repeating: 0, count: span * height)
        guard let face, FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_RENDER)) == 0 else { return out }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer else { return out }
        let advance = Int(slot.advance.x) / 64
        let left = Int(slot.bitmap_left) + max(0, (span - advance) / 2)
        let top = baseline - Int(slot.bitmap_top)
        for row in 0..<Int(bitmap.rows) {
            let y = top + row
            guard y >= 0, y < height else { continue }
            for column in 0..<Int(bitmap.width) {
                let x = left + column
                guard x >= 0, x < span else { continue }
                out[y * span + x] = buffer[row * Int(bitmap.pitch) + column]
            }
        }
        return out
    }
}

/// Glyphs from the bundled 5×7 bitmap font, scaled to the cell: capitals, digits and a few
/// signs (small letters drawn as capitals), when no TrueType font is installed.
struct BitmapGlyphs: GlyphSource {
    let width: Int
    let height: Int

    func coverage(_ scalar: Unicode.Scalar, wide: Bool) -> [UInt8] {
        let span = wide ? width * 2 : width
        var out = [UInt8](repeating: 0, count: span * height)
        let character = Character(String(Character(scalar)).uppercased())
        // The glyph and a pixel of space each side, over the cell's middle.
        let scale = max(1, min(width / (BitmapFont.glyphWidth + 1), height / (BitmapFont.glyphHeight + 2)))
        let left = (span - BitmapFont.glyphWidth * scale) / 2
        let top = (height - BitmapFont.glyphHeight * scale) / 2
        for y in 0..<height {
            for x in 0..<span {
                let (column, row) = ((x - left) / scale, (y - top) / scale)
                if x >= left, y >= top, BitmapFont.ink(character, column: column, row: row) { out[y * span + x] = 255 }
            }
        }
        return out
    }
}
