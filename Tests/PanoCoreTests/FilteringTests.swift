import PanoCore
import Testing

@Suite("Filtering and coverage")
struct FilteringTests {
    /// Fine detail everywhere: a pseudo-random grey level per pixel.
    static func noise(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        var state: UInt32 = 12345
        for i in 0..<(width * height) {
            state = state &* 1_664_525 &+ 1_013_904_223
            let level = UInt8(truncatingIfNeeded: state >> 24)
            image.pixels[3 * i] = level
            image.pixels[3 * i + 1] = level
            image.pixels[3 * i + 2] = level
        }
        return image
    }

    @Test("a 4096-wide source shown 160 wide agrees with the box-downsampled reference at least 3 dB better than plain bilinear")
    func prefilteringBeatsBilinear() {
        let source = Self.noise(width: 4096, height: 2048)
        let filtered = EquirectPanorama(image: source)
        let plain = EquirectPanorama(image: source, prefiltered: false)
        let reference = EquirectPanorama(image: filtered.pyramid.image(level: 2), prefiltered: false)
        #expect(filtered.pyramid.levels[2].width == 1024)
        func render(_ panorama: EquirectPanorama, _ camera: PanoramaCamera) -> RGBImage {
            var view = RGBImage(width: 160, height: 90)
            var reprojector = Reprojector()
            reprojector.render(panorama, camera: camera, into: &view)
            return view
        }
        for camera in [PanoramaCamera(heading: 10, pitch: 5), PanoramaCamera(heading: 200, pitch: -10)] {
            let wanted = render(reference, camera)
            let prefiltered = ImageMetrics.psnr(render(filtered, camera), wanted)
            let bilinear = ImageMetrics.psnr(render(plain, camera), wanted)
            #expect(prefiltered >= bilinear + 3, "prefiltered \(prefiltered) dB, bilinear \(bilinear) dB")
        }
    }

    @Test("a magnified view samples the full-resolution image, not a blurred level")
    func magnificationUsesLevelZero() {
        let source = Self.noise(width: 256, height: 128)
        let filtered = EquirectPanorama(image: source)
        let plain = EquirectPanorama(image: source, prefiltered: false)
        var a = RGBImage(width: 200, height: 100)
        var b = RGBImage(width: 200, height: 100)
        var reprojector = Reprojector()
        reprojector.render(filtered, camera: PanoramaCamera(heading: 40, zoom: 2), into: &a)
        var other = Reprojector()
        other.render(plain, camera: PanoramaCamera(heading: 40, zoom: 2), into: &b)
        #expect(a == b)
    }

    @Test("each mip level is the 2×2 mean of the one above")
    func pyramidLevels() {
        var image = RGBImage(width: 4, height: 2)
        for x in 0..<4 {
            image[x, 0] = RGB(UInt8(x * 40), 0, 200)
            image[x, 1] = RGB(UInt8(x * 40 + 20), 100, 0)
        }
        let pyramid = MipPyramid(image)
        #expect(pyramid.levels.map(\.width) == [4, 2])
        let half = pyramid.image(level: 1)
        #expect(half[0, 0] == RGB(30, 50, 100))
        #expect(half[1, 0] == RGB(110, 50, 100))
    }

    @Test("a cropped panorama shows its image where it covers the sphere and black elsewhere")
    func croppedCoverage() throws {
        // The western half of the sphere: a 100×100 crop at the left of a 200×100 panorama whose
        // centre faces north, so it spans headings 180°...360°.
        var image = RGBImage(width: 100, height: 100)
        for y in 0..<100 { for x in 0..<100 { image[x, y] = RGB(200, 120, 40) } }
        let coverage = try #require(
            PanoramaCoverage(fullWidth: 200, fullHeight: 100, left: 0, top: 0, croppedWidth: 100, croppedHeight: 100))
        let panorama = EquirectPanorama(image: image, coverage: coverage)
        func centre(heading: Double) -> RGB {
            var view = RGBImage(width: 9, height: 9)
            var reprojector = Reprojector()
            reprojector.render(panorama, camera: PanoramaCamera(heading: heading, fov: 20), into: &view)
            return view[4, 4]
        }
        #expect(centre(heading: 270) == RGB(200, 120, 40))
        #expect(centre(heading: 90) == .black)
        #expect(
            PanoramaCoverage(fullWidth: 200, fullHeight: 100, left: 0, top: 50, croppedWidth: 100, croppedHeight: 100) == nil,
            "a crop reaching below the sphere is refused")
    }

    @Test("a crop is drawn where it lies, at every left edge, also across the ±180° seam", arguments: [0, 20, 90, 150, 170, 190])
    func croppedAcrossTheSeam(left: Int) throws {
        // A 40×60 crop of a 200×100 sphere, compared with the same pixels pasted into a full
        // sphere that is black elsewhere: outside the crop's edges both must agree.
        var crop = RGBImage(width: 40, height: 60)
        for y in 0..<60 { for x in 0..<40 { crop[x, y] = RGB(200, UInt8(100 + x), 40) } }
        let coverage = try #require(
            PanoramaCoverage(fullWidth: 200, fullHeight: 100, left: left, top: 20, croppedWidth: 40, croppedHeight: 60))
        let cropped = EquirectPanorama(image: crop, coverage: coverage, prefiltered: false)
        var full = RGBImage(width: 200, height: 100)
        for y in 0..<60 { for x in 0..<40 { full[(left + x) % 200, 20 + y] = crop[x, y] } }
        let reference = EquirectPanorama(image: full, prefiltered: false)
        var wrong = 0
        for heading in stride(from: 0.0, to: 360, by: 30) {
            let camera = PanoramaCamera(heading: heading, fov: 90)
            var seen = RGBImage(width: 80, height: 60)
            var expected = RGBImage(width: 80, height: 60)
            var reprojector = Reprojector()
            reprojector.render(cropped, camera: camera, into: &seen)
            reprojector.render(reference, camera: camera, into: &expected)
            for y in 0..<60 {
                for x in 0..<80 where expected[x, y] == .black && seen[x, y] != .black {
                    // Bilinear blending with black at the crop's edge is allowed a pixel's slack.
                    let nearEdge = (max(0, x - 1)...min(79, x + 1)).contains { nx in
                        (max(0, y - 1)...min(59, y + 1)).contains { ny in expected[nx, ny] != .black }
                    }
                    if !nearEdge { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels coloured where the sphere is black")
    }
}
