/// Samples an equirectangular mip pyramid along precomputed rays: bilinear within a level,
/// linear between the two levels around each pixel's footprint (trilinear), columns wrapping
/// round a full sphere, rows clamped at the poles, black outside a cropped panorama (or, for a
/// detail layer, what was drawn there before).
///
/// Interpolation is in 8-bit fixed point on packed texels, red and blue in one integer lane
/// pair and green in another, so a bilinear sample is four loads and a few multiplies.
///
/// `@unchecked Sendable`: it holds raw buffer pointers, which the compiler cannot prove safe to
/// share; the parallel workers only read the inputs and each writes its own disjoint range of
/// `output`, and the buffers outlive the `run` call that owns them.
struct EquirectSampler: @unchecked Sendable {
    let texels: UnsafeBufferPointer<UInt32>
    let levels: UnsafeBufferPointer<MipPyramid.Level>
    let coverage: PanoramaCoverage
    /// Outside a cropped coverage: true leaves the output as it is (a detail layer over the
    /// panorama already drawn there), false draws black.
    let keepsOutside: Bool
    /// Camera heading relative to the sphere's centre, in turns.
    let shiftTurns: Float
    let longitudes: UnsafeBufferPointer<Float>
    let rows: UnsafeBufferPointer<Float>
    /// Per ray: mip level in the high byte, blend towards the next level (0...255) in the low.
    let levelBlends: UnsafeBufferPointer<UInt16>
    let output: UnsafeMutableBufferPointer<UInt8>

    /// Samples the rays with indices in `range` into `output`.
    func sample(_ range: Range<Int>) {
        if coverage.isFullSphere {
            sampleFullSphere(range)
        } else {
            sampleCropped(range)
        }
    }

    /// The common case, kept free of cropping branches: columns wrap round.
    private func sampleFullSphere(_ range: Range<Int>) {
        let texels = self.texels
        let levels = self.levels
        let longitudes = self.longitudes
        let rows = self.rows
        let levelBlends = self.levelBlends
        let output = self.output
        let shift = shiftTurns + 0.5
        // Coordinates in level-0 pixels with 8 fractional bits; level l is a shift by l.
        let scaleX = Float(levels[0].width) * 256
        let scaleY = Float(levels[0].height) * 256
        for i in range {
            let fixedX = Int((longitudes[i] + shift) * scaleX) // u in [-0.5, 1.5)
            let fixedY = Int(rows[i] * scaleY)
            let levelBlend = levelBlends[i]
            let level = Int(levelBlend >> 8)
            let blend = UInt32(levelBlend & 0xFF)
            var texel = Self.bilinear(texels, levels[level], shift: level, fixedX: fixedX, fixedY: fixedY, wrap: true)
            if blend != 0 {
                let coarser = Self.bilinear(texels, levels[level + 1], shift: level + 1, fixedX: fixedX, fixedY: fixedY, wrap: true)
                texel = Self.lerp(texel, coarser, blend)
            }
            Self.store(texel, into: output, at: i)
        }
    }

    /// A panorama covering part of the sphere: black outside, edges clamped inside.
    private func sampleCropped(_ range: Range<Int>) {
        let left = Float(coverage.left)
        let top = Float(coverage.top)
        let spanX = Float(coverage.width)
        let spanY = Float(coverage.height)
        let scaleX = Float(levels[0].width) * 256
        let scaleY = Float(levels[0].height) * 256
        for i in range {
            // In [-1.5, 1.5) before wrapping (longitude and shift each span a turn, less the left
            // edge): one step of ±1 is not enough, so wrap by the floor.
            var u = longitudes[i] + shiftTurns + 0.5 - left
            u -= u.rounded(.down)
            u /= spanX
            let v = (rows[i] - top) / spanY
            if u >= 1 || v < 0 || v > 1 {
                if !keepsOutside { Self.store(0, into: output, at: i) }
                continue
            }
            let fixedX = Int(u * scaleX)
            let fixedY = Int(v * scaleY)
            let levelBlend = levelBlends[i]
            let level = Int(levelBlend >> 8)
            let blend = UInt32(levelBlend & 0xFF)
            var texel = Self.bilinear(texels, levels[level], shift: level, fixedX: fixedX, fixedY: fixedY, wrap: false)
            if blend != 0 {
                let coarser = Self.bilinear(texels, levels[level + 1], shift: level + 1, fixedX: fixedX, fixedY: fixedY, wrap: false)
                texel = Self.lerp(texel, coarser, blend)
            }
            Self.store(texel, into: output, at: i)
        }
    }

    @inline(__always)
    private static func store(_ texel: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at i: Int) {
        output[i * 3] = UInt8(truncatingIfNeeded: texel)
        output[i * 3 + 1] = UInt8(truncatingIfNeeded: texel >> 8)
        output[i * 3 + 2] = UInt8(truncatingIfNeeded: texel >> 16)
    }

    /// Linear blend of two packed texels, `t` in 0...255 (0 gives `a`), rounded.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        let s: UInt32 = 256 - t
        let aRedBlue: UInt32 = a & 0x00FF_00FF
        let bRedBlue: UInt32 = b & 0x00FF_00FF
        let aGreen: UInt32 = (a >> 8) & 0xFF
        let bGreen: UInt32 = (b >> 8) & 0xFF
        let redBlueSum: UInt32 = aRedBlue &* s &+ bRedBlue &* t &+ 0x0080_0080
        let greenSum: UInt32 = aGreen &* s &+ bGreen &* t &+ 0x80
        return ((redBlueSum >> 8) & 0x00FF_00FF) | (((greenSum >> 8) & 0xFF) << 8)
    }

    /// Bilinear sample of a level at level-0 fixed-point coordinates (8 fractional bits) of the
    /// covered area; with `wrap`, columns wrap round.
    @inline(__always)
    private static func bilinear(
        _ texels: UnsafeBufferPointer<UInt32>, _ level: MipPyramid.Level, shift index: Int, fixedX: Int, fixedY: Int, wrap: Bool
    ) -> UInt32 {
        let width = level.width
        let height = level.height
        // Pixel centres sit at half a pixel: subtract 0.5 (128 in fixed point).
        var x = (fixedX >> index) - 128
        if wrap {
            let span = width << 8
            if x < 0 { x += span } else if x >= span { x -= span }
        } else {
            x = min(max(x, 0), (width - 1) << 8)
        }
        let y = min(max((fixedY >> index) - 128, 0), (height - 1) << 8)
        let x0 = x >> 8
        let x1 = x0 + 1 < width ? x0 + 1 : (wrap ? 0 : x0)
        let y0 = y >> 8
        let y1 = min(y0 + 1, height - 1)
        let tx = UInt32(x & 0xFF)
        let ty = UInt32(y & 0xFF)
        let row0 = level.offset + y0 * width
        let row1 = level.offset + y1 * width
        let top = lerp(texels[row0 + x0], texels[row0 + x1], tx)
        let bottom = lerp(texels[row1 + x0], texels[row1 + x1], tx)
        return lerp(top, bottom, ty)
    }
}
