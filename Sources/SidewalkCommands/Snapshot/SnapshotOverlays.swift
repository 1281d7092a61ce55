import BitmapFont
import Explorer
import ExplorerView
import PanoCore
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// The explorer's overlays painted into a PNG snapshot's pixels: a chevron with its number on
/// the ground for each way on, a red pin for each marker in range (sized by distance, as in the
/// explorer), and a compass needle in the top right corner when the view does not face north.
/// Street names and titles are left to the `.ans` and `.txt` kinds, which have text.
enum SnapshotOverlays {
    static let chevronColor = RGB(255, 255, 255)
    static let chevronEdge = RGB(20, 60, 130)
    static let pinColor = HUDColors.standard.pin

    static func paint(_ state: ExplorerState, into image: inout RGBImage) {
        let projection = ViewProjection(camera: state.camera, width: image.width, height: image.height)
        let scale = max(1, min(image.width, image.height) / 180)
        // The explorer's own overlays: the same ways and markers, at the same directions.
        for (overlay, item) in ExplorerFrame.overlays(state, display: DisplayOptions()) {
            guard let point = projection.point(for: overlay.direction),
                point.x >= 0, point.x < Double(image.width), point.y >= 0, point.y < Double(image.height)
            else { continue }
            switch item {
            case .link(let number):
                // Which way the chevron points on screen: towards the link a little farther along.
                let farther = Orientation(heading: overlay.direction.heading, pitch: overlay.direction.pitch + 4)
                let ahead = projection.point(for: farther) ?? (point.x, point.y - 1)
                let angle = atan2(ahead.x - point.x, -(ahead.y - point.y))
                drawChevron(x: point.x, y: point.y, size: Double(8 * scale), angle: angle, into: &image)
                drawNumber(number, x: Int(point.x), y: Int(point.y) + 6 * scale, scale: scale, into: &image)
            case .marker:
                let radius = min(max(projection.focalLength * tan(Degrees.radians(overlay.pinRadius)), 1.5), Double(30 * scale))
                fillDisc(x: point.x, y: point.y, radius: radius, color: pinColor, into: &image)
            }
        }
        if Int(state.camera.heading.rounded()) % 360 != 0 {
            drawCompass(heading: state.camera.heading, scale: scale, into: &image)
        }
    }

    private static func drawChevron(x: Double, y: Double, size: Double, angle: Double, into image: inout RGBImage) {
        // An arrowhead pointing at `angle` (radians clockwise from screen up), in the rim colour
        // and then a smaller one inside in white.
        for (inset, color) in [(0.0, chevronEdge), (size * 0.25, chevronColor)] {
            let s = size - inset
            let tip = rotate(0, -s, angle)
            let left = rotate(-s * 0.8, s * 0.6, angle)
            let right = rotate(s * 0.8, s * 0.6, angle)
            fillTriangle([(x + tip.0, y + tip.1), (x + left.0, y + left.1), (x + right.0, y + right.1)], color: color, into: &image)
        }
    }

    private static func drawCompass(heading: Double, scale: Int, into image: inout RGBImage) {
        let radius = Double(12 * scale)
        let centre = (Double(image.width) - radius - 4, radius + 4)
        fillDisc(x: centre.0, y: centre.1, radius: radius, color: RGB(30, 30, 46), into: &image)
        // The needle points to north on screen: rotated against the heading.
        let angle = -Degrees.radians(heading)
        let north = rotate(0, -radius * 0.85, angle)
        let south = rotate(0, radius * 0.85, angle)
        let side = rotate(radius * 0.3, 0, angle)
        fillTriangle(
            [(centre.0 + north.0, centre.1 + north.1), (centre.0 + side.0, centre.1 + side.1), (centre.0 - side.0, centre.1 - side.1)],
            color: pinColor, into: &image)
        fillTriangle(
            [(centre.0 + south.0, centre.1 + south.1), (centre.0 + side.0, centre.1 + side.1), (centre.0 - side.0, centre.1 - side.1)],
            color: RGB(235, 235, 235), into: &image)
    }

    private static func drawNumber(_ number: Int, x: Int, y: Int, scale: Int, into image: inout RGBImage) {
        let text = String(number)
        let left = x - BitmapFont.width(of: text) * scale / 2
        for (i, character) in text.enumerated() {
            for row in 0..<BitmapFont.glyphHeight {
                for column in 0..<BitmapFont.glyphWidth where BitmapFont.ink(character, column: column, row: row) {
                    let px = left + (i * (BitmapFont.glyphWidth + BitmapFont.spacing) + column) * scale
                    for dy in 0..<scale {
                        for dx in 0..<scale { setPixel(px + dx, y + row * scale + dy, chevronColor, &image) }
                    }
                }
            }
        }
    }

    private static func rotate(_ x: Double, _ y: Double, _ angle: Double) -> (Double, Double) {
        (x * cos(angle) - y * sin(angle), x * sin(angle) + y * cos(angle))
    }

    private static func fillDisc(x: Double, y: Double, radius: Double, color: RGB, into image: inout RGBImage) {
        for py in Int(y - radius)...Int(y + radius) {
            for px in Int(x - radius)...Int(x + radius) {
                let dx = Double(px) + 0.5 - x
                let dy = Double(py) + 0.5 - y
                if dx * dx + dy * dy <= radius * radius { setPixel(px, py, color, &image) }
            }
        }
    }

    private static func fillTriangle(_ corners: [(Double, Double)], color: RGB, into image: inout RGBImage) {
        let xs = corners.map(\.0)
        let ys = corners.map(\.1)
        func edge(_ a: (Double, Double), _ b: (Double, Double), _ p: (Double, Double)) -> Double {
            (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
        }
        for py in Int(ys.min()!.rounded(.down))...Int(ys.max()!.rounded(.up)) {
            for px in Int(xs.min()!.rounded(.down))...Int(xs.max()!.rounded(.up)) {
                let p = (Double(px) + 0.5, Double(py) + 0.5)
                let e = [edge(corners[0], corners[1], p), edge(corners[1], corners[2], p), edge(corners[2], corners[0], p)]
                if e.allSatisfy({ $0 >= 0 }) || e.allSatisfy({ $0 <= 0 }) { setPixel(px, py, color, &image) }
            }
        }
    }

    private static func setPixel(_ x: Int, _ y: Int, _ color: RGB, _ image: inout RGBImage) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        image[x, y] = color
    }
}
