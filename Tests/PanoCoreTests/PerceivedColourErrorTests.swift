import PanoCore
import Testing

/// The perceived colour error against values nobody here computed: CIELAB coordinates of sRGB
/// colours as published (Bruce Lindbloom's calculator and CIE 15, D65), and the physics of a
/// blur: a fine black-and-white pattern looks like the grey that gives half the light.
@Suite("Perceived colour error")
struct PerceivedColourErrorTests {
    static func flat(_ colour: RGB, width: Int = 24, height: Int = 24) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = colour } }
        return image
    }

    @Test(
        "ΔE between flat colours is the distance of their published CIELAB coordinates",
        arguments: [
            // sRGB red (53.2408, 80.0925, 67.2032) and white (100, 0, 0): ΔE 114.56;
            // sRGB mid grey 119 is L* 50.0: against black (0, 0, 0), ΔE 50.0.
            (RGB(255, 0, 0), RGB(255, 255, 255), 114.56), (RGB(119, 119, 119), RGB(0, 0, 0), 50.0),
            // sRGB blue (32.2970, 79.1875, -107.8602) against black: ΔE 137.64.
            (RGB(0, 0, 255), RGB(0, 0, 0), 137.64)
        ] as [(RGB, RGB, Double)])
    func publishedCoordinates(a: RGB, b: RGB, expected: Double) {
        let deltaE = PerceivedColourError.meanDeltaE(Self.flat(a), Self.flat(b), sigma: 2)
        #expect(abs(deltaE - expected) < 0.1, "\(deltaE)")
    }

    @Test("a checkerboard of black and white, blurred, is the grey of half the light (sRGB 188), not of half the code (128)")
    func blurAveragesLight() {
        var board = RGBImage(width: 48, height: 48)
        for y in 0..<48 { for x in 0..<48 { board[x, y] = (x + y) % 2 == 0 ? RGB(0, 0, 0) : RGB(255, 255, 255) } }
        let halfLight = PerceivedColourError.meanDeltaE(board, Self.flat(RGB(188, 188, 188), width: 48, height: 48), sigma: 6)
        let halfCode = PerceivedColourError.meanDeltaE(board, Self.flat(RGB(128, 128, 128), width: 48, height: 48), sigma: 6)
        #expect(halfLight < 0.5 && halfCode > 20, "\(halfLight), \(halfCode)")
    }
}
