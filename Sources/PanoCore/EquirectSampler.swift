/// Bilinear sampling of an equirectangular image: columns wrap around (longitude is periodic),
/// rows clamp at the poles.
enum EquirectSampler {
    /// Writes one RGB sample per ray into `output`, which holds `longitudeTurns.count` pixels.
    /// `shiftTurns` is the camera heading relative to the image centre, in turns.
    static func sampleAll(
        source: RGBImage, longitudeTurns: [Float], rowFractions: [Float], shiftTurns: Float,
        output: inout [UInt8]
    ) {
        let width = source.width
        let height = source.height
        let widthF = Float(width)
        let heightF = Float(height)
        let maxRow = height - 1
        source.pixels.withUnsafeBufferPointer { src in
            longitudeTurns.withUnsafeBufferPointer { lons in
                rowFractions.withUnsafeBufferPointer { rows in
                    output.withUnsafeMutableBufferPointer { out in
                        for i in 0..<lons.count {
                            // Column coordinate: the image centre (0.5) is the centre heading.
                            var u = (lons[i] + shiftTurns + 0.5) * widthF - 0.5
                            u -= widthF * (u / widthF).rounded(.down)
                            let x0f = u.rounded(.down)
                            let tx = u - x0f
                            var x0 = Int(x0f)
                            if x0 >= width { x0 -= width }
                            let x1 = x0 + 1 == width ? 0 : x0 + 1

                            let v = min(max(rows[i] * heightF - 0.5, 0), Float(maxRow))
                            let y0f = v.rounded(.down)
                            let ty = v - y0f
                            let y0 = Int(y0f)
                            let y1 = min(y0 + 1, maxRow)

                            let a = (y0 * width + x0) * 3
                            let b = (y0 * width + x1) * 3
                            let c = (y1 * width + x0) * 3
                            let d = (y1 * width + x1) * 3
                            let o = i * 3
                            for channel in 0..<3 {
                                let top = Float(src[a + channel]) * (1 - tx) + Float(src[b + channel]) * tx
                                let bottom = Float(src[c + channel]) * (1 - tx) + Float(src[d + channel]) * tx
                                out[o + channel] = UInt8((top * (1 - ty) + bottom * ty + 0.5).rounded(.down))
                            }
                        }
                    }
                }
            }
        }
    }
}
