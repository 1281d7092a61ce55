import PanoCore

/// Pictures drawn at another size, as a terminal scales them into cells: each drawn pixel the
/// mean of the source pixels whose centres fall inside it (the nearest one when it is smaller
/// than a source pixel).
enum PictureScaling {
    /// Draws `part` of `picture` (in its pixels) over `rect` of `canvas` (in its pixels, clipped
    /// to it). Pixels the picture leaves unpainted leave the canvas as it was.
    static func draw(
        _ picture: DecodedPicture, part: (x: Double, y: Double, width: Double, height: Double),
        into canvas: inout DecodedPicture, at rect: (x: Int, y: Int, width: Int, height: Int)
    ) {
        // The rectangle's part on the canvas: none at all when it lies wholly off it.
        let (left, top) = (max(0, rect.x), max(0, rect.y))
        let across = left..<max(left, min(canvas.image.width, rect.x + rect.width))
        let down = top..<max(top, min(canvas.image.height, rect.y + rect.height))
        guard !across.isEmpty, !down.isEmpty, part.width > 0, part.height > 0 else { return }
        let scale = (x: part.width / Double(rect.width), y: part.height / Double(rect.height))
        let source = picture.image
        for y in down {
            let rows = span(part.y + Double(y - rect.y) * scale.y, scale.y, limit: source.height)
            for x in across {
                let columns = span(part.x + Double(x - rect.x) * scale.x, scale.x, limit: source.width)
                var (sum, count) = (SIMD3<Int>(0, 0, 0), 0)
                for sy in rows {
                    for sx in columns where picture.painted?[sy * source.width + sx] ?? true {
                        let offset = (sy * source.width + sx) * 3
                        sum &+= SIMD3(Int(source.pixels[offset]), Int(source.pixels[offset + 1]), Int(source.pixels[offset + 2]))
                        count += 1
                    }
                }
                guard count * 2 >= rows.count * columns.count, count > 0 else { continue }
                let offset = (y * canvas.image.width + x) * 3
                for channel in 0..<3 { canvas.image.pixels[offset + channel] = UInt8((sum[channel] + count / 2) / count) }
                canvas.painted?[y * canvas.image.width + x] = true
            }
        }
    }

    /// Source pixels whose centres lie in [start, start + length), or the one under its middle.
    private static func span(_ start: Double, _ length: Double, limit: Int) -> Range<Int> {
        let first = Int((start - 0.5).rounded(.up))
        let end = Int((start + length - 0.5).rounded(.up))
        let clamped = max(0, first)..<min(limit, end)
        if !clamped.isEmpty { return clamped }
        let middle = min(max(Int(start + length / 2), 0), limit - 1)
        return middle..<(middle + 1)
    }
}
