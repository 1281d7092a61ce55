import Foundation
import PanoCore
import Testing

/// Small discs painted at known directions must appear where an independent, analytic
/// perspective projection puts them.
@Suite("Reprojection geometry")
struct GeometryTests {
    /// Directions of the discs: (heading, pitch) in degrees.
    static let discs: [(Double, Double)] = [
        (30, 10), (55, 10), (5, 10), (30, 35), (30, -20), (50, -15), (10, 30), (-2, -5)
    ]
    static let discRadius = 0.8  // degrees

    /// Black, with a white cone-shaped disc (bright centre, fading to its rim) round each
    /// direction. The image centre faces north.
    static func discPanorama(width: Int) -> EquirectPanorama {
        var image = RGBImage(width: width, height: width / 2)
        let degreesPerPixel = 360 / Double(width)
        for (heading, pitch) in discs {
            let centre = Orientation(heading: Degrees.wrap360(heading), pitch: pitch).direction
            let reach = discRadius / cos(pitch * .pi / 180) + 1
            let top = Int((90 - pitch - discRadius - 1) / degreesPerPixel)
            let bottom = Int((90 - pitch + discRadius + 1) / degreesPerPixel)
            let left = Int((heading + 180 - reach) / degreesPerPixel)
            let right = Int((heading + 180 + reach) / degreesPerPixel)
            for y in top...bottom {
                for column in left...right {
                    let x = (column % width + width) % width
                    let h = (Double(x) + 0.5) * degreesPerPixel - 180
                    let p = 90 - (Double(y) + 0.5) * degreesPerPixel
                    let d = Orientation(heading: Degrees.wrap360(h), pitch: p).direction
                    let angle = acos(min(1, d.dot(centre))) * 180 / .pi
                    let value = max(0, 1 - angle / discRadius)
                    if value > 0 {
                        let level = UInt8(min(255, value * 255))
                        image[x, y] = RGB(level, level, level)
                    }
                }
            }
        }
        return EquirectPanorama(image: image)
    }

    /// Where a direction lands for a camera, by rotating it into the camera frame with explicit
    /// rotation matrices (independent of ViewProjection): heading about the vertical, then pitch
    /// about the camera's right axis; pixels are square and the fov spans the wider side.
    static func analyticPoint(heading: Double, pitch: Double, camera: PanoramaCamera, width: Int, height: Int) -> (Double, Double) {
        let rad = Double.pi / 180
        let (h, p) = (heading * rad, pitch * rad)
        // World: x east, y up, z north.
        var x = sin(h) * cos(p)
        var y = sin(p)
        var z = cos(h) * cos(p)
        // Undo the camera heading (rotate about y by +heading).
        let ch = camera.heading * rad
        (x, z) = (x * cos(ch) - z * sin(ch), x * sin(ch) + z * cos(ch))
        // Undo the camera pitch (rotate about x).
        let cp = camera.pitch * rad
        (y, z) = (y * cos(cp) - z * sin(cp), y * sin(cp) + z * cos(cp))
        let focal = Double(max(width, height)) / 2 / tan(camera.effectiveFOV * rad / 2)
        return (Double(width) / 2 + focal * x / z, Double(height) / 2 - focal * y / z)
    }

    /// Intensity-weighted centroid of the view within `radius` pixels of a point.
    static func centroid(_ view: RGBImage, near point: (Double, Double), radius: Int) -> (Double, Double)? {
        var sum = 0.0
        var sx = 0.0
        var sy = 0.0
        let cx = Int(point.0)
        let cy = Int(point.1)
        for y in max(0, cy - radius)...min(view.height - 1, cy + radius) {
            for x in max(0, cx - radius)...min(view.width - 1, cx + radius) {
                let w = Double(view[x, y].g)
                sum += w
                sx += w * (Double(x) + 0.5)
                sy += w * (Double(y) + 0.5)
            }
        }
        return sum > 0 ? (sx / sum, sy / sum) : nil
    }

    @Test(
        "discs land at the analytically predicted pixel within 0.5 px",
        arguments: [
            PanoramaCamera(heading: 30, pitch: 10), PanoramaCamera(heading: 25, pitch: 0, zoom: 1.5),
            PanoramaCamera(heading: 20, pitch: 15, fov: 100)
        ])
    func discsLandWherePredicted(camera: PanoramaCamera) throws {
        let panorama = Self.discPanorama(width: 2048)
        let (width, height) = (480, 270)
        var view = RGBImage(width: width, height: height)
        var reprojector = Reprojector()
        reprojector.render(panorama, camera: camera, into: &view)
        var checked = 0
        for (heading, pitch) in Self.discs {
            let predicted = Self.analyticPoint(heading: heading, pitch: pitch, camera: camera, width: width, height: height)
            guard predicted.0 > 12, predicted.0 < Double(width - 12), predicted.1 > 12, predicted.1 < Double(height - 12) else { continue }
            let found = try #require(Self.centroid(view, near: predicted, radius: 10), "disc at \(heading), \(pitch) not drawn")
            #expect(
                abs(found.0 - predicted.0) < 0.5 && abs(found.1 - predicted.1) < 0.5,
                "disc at \(heading)°, \(pitch)°: predicted \(predicted), found \(found)")
            checked += 1
        }
        #expect(checked >= 5)
    }
}
