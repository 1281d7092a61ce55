#if canImport(Glibc)
import Glibc
#endif

/// Turns a full-sphere image taken with a tilted camera into the one a level camera would have
/// taken: each pixel looks in a world direction, is found where the tilted camera saw that
/// direction, and is sampled there bilinearly (columns wrapping, rows clamped at the poles).
/// Done once when a panorama is decoded, so that every view, turn and tile path stays as it is.
public enum EquirectLevelling {
    /// `image` (a full sphere, 2:1) as a level camera would have seen it; the image itself when
    /// `tilt` is level.
    public static func level(_ image: RGBImage, tilt: CameraTilt, runner: any ParallelRunner = SerialRunner()) -> RGBImage {
        guard !tilt.isLevel, image.width > 1, image.height > 1 else { return image }
        let (width, height) = (image.width, image.height)
        var output = RGBImage(width: width, height: height)
        // Per column, the longitude's sine and cosine (padded to a whole number of eights).
        let padded = (width + 7) / 8 * 8
        let longitudes = (0..<padded).map { x in Degrees.radians((Double(x) + 0.5) / Double(width) * 360 - 180) }
        let columnSines = longitudes.map { Float(sin($0)) }
        let columnCosines = longitudes.map { Float(cos($0)) }
        let matrix = tilt.undoing.matrix
        image.pixels.withUnsafeBufferPointer { source in
            output.pixels.withUnsafeMutableBufferPointer { pixels in
                let (from, to) = (WorkerShared(source), WorkerShared(pixels))
                runner.forEachRange(of: height) { rows in
                    var us = [Float](repeating: 0, count: padded)
                    var vs = [Float](repeating: 0, count: padded)
                    for y in rows {
                        let latitude = Degrees.radians(90 - (Double(y) + 0.5) / Double(height) * 180)
                        let (sinLatitude, cosLatitude) = (Float(sin(latitude)), Float(cos(latitude)))
                        // Eight directions at a time: where the tilted camera saw each, as texel positions.
                        for x in stride(from: 0, to: padded, by: 8) {
                            let sines = columnSines.withUnsafeBufferPointer { $0.load8(at: x) }
                            let cosines = columnCosines.withUnsafeBufferPointer { $0.load8(at: x) }
                            let world = (x: cosLatitude * sines, y: SIMD8<Float>(repeating: sinLatitude), z: cosLatitude * cosines)
                            let seenX = matrix.0.x * world.x + matrix.0.y * world.y + matrix.0.z * world.z
                            let seenY = matrix.1.x * world.x + matrix.1.y * world.y + matrix.1.z * world.z
                            let seenZ = matrix.2.x * world.x + matrix.2.y * world.y + matrix.2.z * world.z
                            let longitude = FastAtan.atan2(seenX, seenZ)
                            let latitude = FastAtan.atan2(seenY, (seenX * seenX + seenZ * seenZ).squareRoot())
                            let u = (longitude / (2 * .pi) + 0.5) * Float(width) - 0.5
                            let v = (0.5 - latitude / .pi) * Float(height) - 0.5
                            us.withUnsafeMutableBufferPointer { $0.store(u, at: x) }
                            vs.withUnsafeMutableBufferPointer { $0.store(v, at: x) }
                        }
                        for x in 0..<width {
                            sample(from.buffer, width: width, height: height, u: us[x], v: vs[x], into: to.buffer, at: (y * width + x) * 3)
                        }
                    }
                }
            }
        }
        return output
    }

    /// Bilinear sample at texel position (`u`, `v`) (pixel centres at whole numbers), columns
    /// wrapping, rows clamped, weights in 1/256ths; written as three bytes at `offset`.
    @inline(__always)
    private static func sample(
        _ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, u: Float, v: Float,
        into output: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) {
        // u is within [-0.5, width - 0.5) and v within [-0.5, height - 0.5): one wrap or clamp each.
        let u0 = u.rounded(.down)
        let v0 = v.rounded(.down)
        let right = Int(truncatingIfNeeded: Int32((u - u0) * 256))
        let down = Int(truncatingIfNeeded: Int32((v - v0) * 256))
        var x0 = Int(truncatingIfNeeded: Int32(u0))
        if x0 < 0 { x0 &+= width } else if x0 >= width { x0 &-= width }
        let x1 = x0 &+ 1 == width ? 0 : x0 &+ 1
        let row = Int(truncatingIfNeeded: Int32(v0))
        let y0 = min(max(row, 0), height &- 1)
        let y1 = min(max(row &+ 1, 0), height &- 1)
        let (a, b, c, d) = ((y0 &* width &+ x0) &* 3, (y0 &* width &+ x1) &* 3, (y1 &* width &+ x0) &* 3, (y1 &* width &+ x1) &* 3)
        for channel in 0..<3 {
            let top = Int(source[a &+ channel]) &* (256 &- right) &+ Int(source[b &+ channel]) &* right
            let bottom = Int(source[c &+ channel]) &* (256 &- right) &+ Int(source[d &+ channel]) &* right
            output[offset &+ channel] = UInt8(truncatingIfNeeded: (top &* (256 &- down) &+ bottom &* down &+ 32768) &>> 16)
        }
    }
}
