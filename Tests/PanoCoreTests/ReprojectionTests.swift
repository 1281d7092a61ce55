import PanoCore
import TestSupport
import Testing

@Suite("Reprojection")
struct ReprojectionTests {
    private func centrePixel(of panorama: EquirectPanorama, heading: Double, pitch: Double) -> RGB {
        var reprojector = Reprojector()
        var view = RGBImage(width: 33, height: 21)
        reprojector.render(panorama, camera: PanoramaCamera(heading: heading, pitch: pitch), into: &view)
        return view[16, 10]
    }

    @Test(
        "the centre pixel has the colour of the direction faced",
        arguments: [
            (0.0, 0.0, SyntheticPanorama.north), (90.0, 0.0, SyntheticPanorama.east), (180.0, 0.0, SyntheticPanorama.south),
            (270.0, 0.0, SyntheticPanorama.west), (0.0, 60.0, SyntheticPanorama.up), (0.0, -60.0, SyntheticPanorama.down),
            (315.0, 60.0, SyntheticPanorama.up), (225.0, -60.0, SyntheticPanorama.down)
        ] as [(Double, Double, RGB)])
    func centreColour(heading: Double, pitch: Double, expected: RGB) {
        #expect(centrePixel(of: SyntheticPanorama.cardinal(), heading: heading, pitch: pitch) == expected)
    }

    @Test("centerHeading turns the image: its centre faces that heading", arguments: [0.0, 90, 137, 270])
    func centerHeadingRotates(centerHeading: Double) {
        let panorama = SyntheticPanorama.cardinal(centerHeading: centerHeading)
        let expected: [(Double, RGB)] = [
            (0, SyntheticPanorama.north), (90, SyntheticPanorama.east), (180, SyntheticPanorama.south), (270, SyntheticPanorama.west)
        ]
        for (heading, colour) in expected {
            #expect(centrePixel(of: panorama, heading: heading, pitch: 0) == colour)
        }
    }

    @Test("the left and right halves of a view across the ±180° seam show west-of-south and east-of-south")
    func seamlessAcrossWrap() {
        // Facing south with a 90° fov, the view spans 135°...225°: all south (blue), no seam line.
        var reprojector = Reprojector()
        var view = RGBImage(width: 64, height: 8)
        let panorama = SyntheticPanorama.cardinal(width: 512, centerHeading: 0)
        reprojector.render(panorama, camera: PanoramaCamera(heading: 180, fov: 80), into: &view)
        for x in 0..<view.width {
            #expect(view[x, 4] == SyntheticPanorama.south, "column \(x)")
        }
    }

    @Test("texels read a pixel: 4 where the view magnifies, nearly 8 where every pixel blends two mip levels")
    func texelsPerPixel() {
        let panorama = SyntheticPanorama.cardinal(width: 512)
        var reprojector = Reprojector()
        #expect(reprojector.texelsPerPixel == 0)
        var large = RGBImage(width: 400, height: 300)
        reprojector.render(panorama, camera: PanoramaCamera(), into: &large)
        #expect(reprojector.texelsPerPixel == 4, "128 texels across 400 pixels: level 0 alone")
        var small = RGBImage(width: 40, height: 30)
        reprojector.render(panorama, camera: PanoramaCamera(), into: &small)
        #expect(reprojector.texelsPerPixel > 7.5, "3.2 texels a pixel: between levels 1 and 2 (\(reprojector.texelsPerPixel))")
    }

    @Test("a rolled view's rays are the projection's across its whole width, not mirrored", arguments: [5.0, -30])
    func rolledRays(roll: Double) {
        let camera = PanoramaCamera(heading: 0, pitch: 10, roll: roll)
        let (width, height) = (37, 20)
        let rays = ViewRays(camera: camera, width: width, height: height)
        let projection = ViewProjection(camera: camera, width: width, height: height)
        for (x, y) in [(0, 0), (36, 0), (3, 19), (33, 19), (18, 10)] {
            let seen = projection.orientation(atX: Double(x) + 0.5, y: Double(y) + 0.5)
            let turns = Double(rays.longitudeTurns[y * width + x])
            let row = Double(rays.rowFractions[y * width + x])
            #expect(abs(Degrees.wrap180(turns * 360 - seen.heading)) < 0.01, "pixel (\(x), \(y)) heading")
            #expect(abs((0.5 - row) * 180 - seen.pitch) < 0.01, "pixel (\(x), \(y)) pitch")
        }
    }

    @Test("a pure heading change reuses the ray table and matches a fresh render")
    func headingChangeMatchesFreshRender() {
        let panorama = SyntheticPanorama.cardinal(width: 512)
        var reused = Reprojector()
        var a = RGBImage(width: 40, height: 30)
        reused.render(panorama, camera: PanoramaCamera(heading: 10, pitch: 20), into: &a)
        reused.render(panorama, camera: PanoramaCamera(heading: 100, pitch: 20), into: &a)
        var fresh = Reprojector()
        var b = RGBImage(width: 40, height: 30)
        fresh.render(panorama, camera: PanoramaCamera(heading: 100, pitch: 20), into: &b)
        #expect(a == b)
    }

    @Test("a view drawn in bands of rows is the view drawn whole byte for byte, at every pitch and zoom")
    func bandsAreTheWholeView() {
        let panorama = EquirectPanorama(image: SyntheticPanorama.gradient(width: 512, height: 256), centerHeading: 30)
        for (pitch, zoom) in [(0.0, 1.0), (40, 2.5), (-75, 1), (90, 5)] {
            let camera = PanoramaCamera(heading: 123, pitch: pitch, zoom: zoom)
            var reprojector = Reprojector()
            var whole = RGBImage(width: 97, height: 61)
            reprojector.render(panorama, camera: camera, into: &whole)
            for rows in [1, 7, 60, 61, 256] {
                let banded = Reprojector.renderInBands(panorama, camera: camera, width: 97, height: 61, bandRows: rows)
                let differing = zip(banded.pixels, whole.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "pitch \(pitch), zoom \(zoom), bands of \(rows): \(differing) bytes differ")
            }
        }
    }
}
