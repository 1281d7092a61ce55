import PanoCore
import PanoImage
import TermRender

/// Frames made into an animated GIF as they come: each frame only the rectangle that changed,
/// its unchanged pixels transparent, in a palette fitted to the pixels that changed (their own
/// colours when there are at most 255, else 255 by median cut), shown until the next frame. The
/// file is handed out as it is made (`takeReady`), so a long animation is never held whole.
package struct GIFAnimation {
    /// What of the file is made and not yet taken: the header, then every frame whose delay is
    /// known (all but the one still showing).
    private var ready: [[UInt8]]
    /// The frame shown last, as it should look (not as its palette showed it).
    private var previous: RGBImage?
    /// The frame still showing, waiting for its delay: its pieces but the delay, and its start.
    private var showing: (change: Change, start: Double)?
    /// Frames written and changes skipped (a frame the same as the one before).
    package private(set) var frames = 0

    /// A frame's changed rectangle, as indices into its palette.
    package struct Change {
        package var indices: [UInt8]
        package var rect: (x: Int, y: Int, width: Int, height: Int)
        package var palette: [RGB]
        package var transparent: UInt8?
    }

    package init(width: Int, height: Int) {
        ready = [GIFEncoder.header(width: width, height: height, loops: true)]
    }

    /// `image` shown from `time` (seconds of the animation) on; the same picture as the frame
    /// before only lengthens it.
    package mutating func add(_ image: RGBImage, at time: Double) {
        guard let change = Self.change(from: previous, to: image) else { return }
        flush(until: time)
        showing = (change, time)
        previous = image
    }

    /// The file made since the last call, in order; the caller writes it out.
    package mutating func takeReady() -> [[UInt8]] {
        defer { ready.removeAll() }
        return ready
    }

    /// The rest of the file, the last frame shown until `end` seconds.
    package mutating func finish(at end: Double) -> [[UInt8]] {
        flush(until: end)
        return takeReady() + [GIFEncoder.trailer]
    }

    private mutating func flush(until time: Double) {
        guard let (change, start) = showing else { return }
        // Whole hundredths of the running time, so rounding never adds up; browsers show delays
        // under 2 as 10, so none is shorter.
        let delay = max(2, Int((time * 100).rounded()) - Int((start * 100).rounded()))
        ready.append(
            GIFEncoder.frame(
                change.indices, width: change.rect.width, height: change.rect.height, left: change.rect.x, top: change.rect.y,
                palette: change.palette, transparent: change.transparent, delay: delay))
        frames += 1
        showing = nil
    }

    /// What changed from `previous` to `image`, or nil when nothing did.
    package static func change(from previous: RGBImage?, to image: RGBImage) -> Change? {
        let (width, height) = (image.width, image.height)
        let differs = { (pixel: Int) -> Bool in
            guard let previous else { return true }
            let offset = pixel * 3
            return previous.pixels[offset] != image.pixels[offset] || previous.pixels[offset + 1] != image.pixels[offset + 1]
                || previous.pixels[offset + 2] != image.pixels[offset + 2]
        }
        var (left, right, top, bottom) = (width, -1, height, -1)
        for y in 0..<height {
            for x in 0..<width where differs(y * width + x) {
                (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
            }
        }
        guard right >= 0 else { return nil }
        let rect = (x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        var changed: [Int] = []
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) where differs(y * width + x) { changed.append(y * width + x) }
        }
        let (palette, mapped) = fitted(changed.map { RGB(image.pixels[$0 * 3], image.pixels[$0 * 3 + 1], image.pixels[$0 * 3 + 2]) })
        let transparent = previous == nil ? nil : UInt8(palette.count)
        var indices = [UInt8](repeating: transparent ?? 0, count: rect.width * rect.height)
        for (pixel, index) in zip(changed, mapped) {
            indices[(pixel / width - rect.y) * rect.width + pixel % width - rect.x] = index
        }
        return Change(indices: indices, rect: rect, palette: palette, transparent: transparent)
    }

    /// At most 255 colours for `colours`, and each one's index: the colours themselves when
    /// there are few enough, else a median-cut palette (the sixel path's) and, for each distinct
    /// colour, its nearest entry by a search of the whole palette.
    static func fitted(_ colours: [RGB]) -> (palette: [RGB], indices: [UInt8]) {
        var distinct: [RGB: UInt8] = [:]
        for colour in colours where distinct[colour] == nil {
            guard distinct.count < 255 else { break }
            distinct[colour] = UInt8(distinct.count)
        }
        if colours.allSatisfy({ distinct[$0] != nil }) {
            var palette = [RGB](repeating: RGB(0, 0, 0), count: distinct.count)
            for (colour, index) in distinct { palette[Int(index)] = colour }
            return (palette, colours.map { distinct[$0]! })
        }
        let strip = RGBImage(width: colours.count, height: 1, pixels: colours.flatMap { [$0.r, $0.g, $0.b] })
        let palette = AdaptivePalette(fitting: strip, count: 255).colours
        var nearest: [RGB: UInt8] = [:]
        let indices = colours.map { colour in
            if let known = nearest[colour] { return known }
            let found = Self.nearest(to: colour, in: palette)
            nearest[colour] = found
            return found
        }
        return (palette, indices)
    }

    /// The entry of `palette` nearest `colour` (squared RGB distance).
    static func nearest(to colour: RGB, in palette: [RGB]) -> UInt8 {
        var (best, bestDistance) = (0, Int.max)
        for (index, entry) in palette.enumerated() {
            let (r, g, b) = (Int(entry.r) - Int(colour.r), Int(entry.g) - Int(colour.g), Int(entry.b) - Int(colour.b))
            let distance = r * r + g * g + b * b
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return UInt8(best)
    }
}
